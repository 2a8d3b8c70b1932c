import type { SavedAddress } from '@rr/core';
import { useT } from '../i18n/index.tsx';
import styles from './address-summary.module.css';

/** A saved address as the customer reads it: its label, the recipient, the place and a business's GSTIN. */
export function AddressSummary({ address }: { address: SavedAddress }) {
  const t = useT();
  return (
    <address className={styles.summary}>
      <span className={styles.title}>
        <strong>{address.label || address.name}</strong>
        {address.isDefault && <span className={styles.badge}>{t('address.default')}</span>}
      </span>
      {address.label && <span>{address.name}</span>}
      <span>{address.address}</span>
      <span>
        {address.city} {address.postalCode}, {address.state}
      </span>
      <span className={styles.muted}>{t('address.phoneLine', { phone: address.phone })}</span>
      {address.gstin && (
        <span className={styles.muted}>
          GSTIN {address.gstin}
          {address.businessName && ` · ${address.businessName}`}
        </span>
      )}
    </address>
  );
}
