import type { SavedAddress } from '@rr/core';
import styles from './address-summary.module.css';

/** A saved address as the customer reads it: its label, the recipient, the place and a business's GSTIN. */
export function AddressSummary({ address }: { address: SavedAddress }) {
  return (
    <address className={styles.summary}>
      <span className={styles.title}>
        <strong>{address.label || address.name}</strong>
        {address.isDefault && <span className={styles.badge}>Default</span>}
      </span>
      {address.label && <span>{address.name}</span>}
      <span>{address.address}</span>
      <span>
        {address.city} {address.postalCode}, {address.state}
      </span>
      <span className={styles.muted}>Phone {address.phone}</span>
      {address.gstin && (
        <span className={styles.muted}>
          GSTIN {address.gstin}
          {address.businessName && ` · ${address.businessName}`}
        </span>
      )}
    </address>
  );
}
