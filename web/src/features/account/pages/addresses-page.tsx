import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@rr/core';
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
  usePageTitle('My Addresses | Rudraksha Ratna');
  const addresses = useSavedAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <div className="container page">
      <Link to="/profile" className="back-link">
        ← My Account
      </Link>
      <h1>My Addresses</h1>
      <p className={styles.lead}>The checkout offers these on any device you sign in on, the default first.</p>
      {addresses.isPending ? (
        <Spinner />
      ) : addresses.isError ? (
        <Message variant="danger">{addresses.error.message}</Message>
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
  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <>
      {addresses.length === 0 && editing !== 'new' && (
        <p>No saved addresses yet. Add one here, or tick “Save this address” at checkout.</p>
      )}
      {addresses.length > 0 && (
        <ul className={styles.list} aria-label="Saved addresses">
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
        <p className={styles.muted}>
          You keep {MAX_SAVED_ADDRESSES} addresses, the most an account may: delete one to add another.
        </p>
      ) : (
        <Button onClick={() => onEdit('new')}>Add a new address</Button>
      )}
    </>
  );
}

function AddressItem({ address, onEdit }: { address: SavedAddress; onEdit: () => void }) {
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const failed = update.error ?? remove.error;
  const name = address.label || address.name;
  return (
    <li className={`card ${styles.item}`}>
      <AddressSummary address={address} />
      {failed && <Message variant="danger">{failed.message}</Message>}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        {!address.isDefault && (
          <Button
            variant="outline"
            busy={update.isPending}
            onClick={() => update.mutate({ id: address._id, isDefault: true })}
            aria-label={`Make ${name} the default`}
          >
            Make default
          </Button>
        )}
        <Button
          variant="outline"
          busy={remove.isPending}
          onClick={() => remove.mutate(address._id)}
          aria-label={`Delete ${name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
