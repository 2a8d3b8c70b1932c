import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddressSummary } from '../../../components/address-summary.tsx';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useDeleteAddress, useSavedAddresses, useUpdateAddress } from '../addresses-api.ts';
import { AddressForm } from '../components/address-form.tsx';
import styles from '../components/addresses.module.css';

/** Which address is being edited ('new': one being added), or none. */
type Editing = string | 'new' | null;

/**
 * /profile/addresses (issue 28): the customer's saved delivery addresses, kept on the account so the
 * checkout offers them on any device: add, edit, delete, and choose the default.
 */
export function AddressesPage() {
  const t = useT();
  usePageTitle(t('address.title'));
  const addresses = useSavedAddresses();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <div className="container page">
      <Link to="/profile" className="back-link">
        {t('address.backToAccount')}
      </Link>
      <h1>{t('address.heading')}</h1>
      <p className={styles.lead}>{t('address.lead')}</p>
      {addresses.isPending ? (
        <Spinner />
      ) : addresses.isError ? (
        <Message variant="danger">{errorText(addresses.error)}</Message>
      ) : (
        <AddressList addresses={addresses.data} editing={editing} onEdit={setEditing} onClose={close} />
      )}
    </div>
  );
}

function AddressList({
  addresses,
  editing,
  onEdit,
  onClose,
}: {
  addresses: SavedAddress[];
  editing: Editing;
  onEdit: (editing: Editing) => void;
  onClose: () => void;
}) {
  const t = useT();
  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <>
      {addresses.length === 0 && editing !== 'new' && <p>{t('address.none')}</p>}
      {addresses.length > 0 && (
        <ul className={styles.list} aria-label={t('address.listLabel')}>
          {addresses.map((address) =>
            editing === address._id ? (
              <li key={address._id}>
                <AddressForm address={address} onDone={onClose} onCancel={onClose} />
              </li>
            ) : (
              <AddressItem key={address._id} address={address} onEdit={() => onEdit(address._id)} />
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <AddressForm onDone={onClose} onCancel={onClose} />
      ) : full ? (
        <p className={styles.muted}>{t('address.full', { max: MAX_SAVED_ADDRESSES })}</p>
      ) : (
        <Button onClick={() => onEdit('new')}>{t('address.addNew')}</Button>
      )}
    </>
  );
}

function AddressItem({ address, onEdit }: { address: SavedAddress; onEdit: () => void }) {
  const t = useT();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const failed = update.error ?? remove.error;
  const errorText = useErrorText();
  const name = address.label || address.name;
  return (
    <li className={`card ${styles.item}`}>
      <AddressSummary address={address} />
      {failed && <Message variant="danger">{errorText(failed)}</Message>}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onEdit} aria-label={t('address.editLabel', { name })}>
          {t('address.edit')}
        </Button>
        {!address.isDefault && (
          <Button
            variant="outline"
            busy={update.isPending}
            onClick={() => update.mutate({ id: address._id, isDefault: true })}
            aria-label={t('address.makeDefaultLabel', { name })}
          >
            {t('address.makeDefault')}
          </Button>
        )}
        <Button
          variant="outline"
          busy={remove.isPending}
          onClick={() => remove.mutate(address._id)}
          aria-label={t('address.deleteLabel', { name })}
        >
          {t('address.delete')}
        </Button>
      </div>
    </li>
  );
}
