import type { SavedAddress } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import type { ReactNode } from 'react';
import { AddressSummary } from '../../../components/address-summary.tsx';
import styles from './saved-address-choice.module.css';

/** The choice that stands for an address not saved yet (the shipping form). */
export const NEW_ADDRESS = 'new';

/**
 * Issue 28: the customer's saved addresses as radio cards (the default first, as the server lists them),
 * and "Add a new address" last.
 */
export function SavedAddressChoice({
  addresses,
  value,
  onChange,
  chosenNote,
}: {
  addresses: SavedAddress[];
  value: string;
  onChange: (value: string) => void;
  /** Shown inside the chosen address's card (when it is to arrive), so it cannot be read as another's. */
  chosenNote?: ReactNode;
}) {
  const t = useT();
  const option = (id: string, content: ReactNode) => (
    <label key={id} className={`card ${styles.option}`}>
      <input
        type="radio"
        name="savedAddress"
        value={id}
        checked={value === id}
        onChange={() => onChange(id)}
        className={styles.radio}
      />
      {content}
    </label>
  );
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>{t('checkout.deliverTo')}</legend>
      {addresses.map((address) =>
        option(
          address._id,
          <div className={styles.body}>
            <AddressSummary address={address} />
            {value === address._id && chosenNote}
          </div>,
        ),
      )}
      {option(NEW_ADDRESS, <strong>{t('checkout.addNewAddress')}</strong>)}
    </fieldset>
  );
}
