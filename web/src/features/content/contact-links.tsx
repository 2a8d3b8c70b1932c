import { shopContact } from './shop-details.ts';
import styles from './content.module.css';

export function EmailLink({ subject }: { subject?: string }) {
  const href = subject
    ? `mailto:${shopContact.email}?subject=${encodeURIComponent(subject)}`
    : `mailto:${shopContact.email}`;
  return <a href={href}>{shopContact.email}</a>;
}

export function PhoneLink() {
  return <a href={shopContact.phoneHref}>{shopContact.phoneDisplay}</a>;
}

/** One of the shop's offices: its name (in the page's language), address lines and opening hours. */
export function OfficeCard({ name, lines, hours }: { name: string; lines: readonly string[]; hours: string }) {
  return (
    <div className={styles.card}>
      <h3>{name}</h3>
      <address>
        {lines.map((line) => (
          <span key={line} className={styles.addressLine}>
            {line}
          </span>
        ))}
      </address>
      <p className={styles.muted}>{hours}</p>
    </div>
  );
}
