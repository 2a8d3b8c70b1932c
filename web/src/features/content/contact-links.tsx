import { shopContact } from './shop-details.ts';

export function EmailLink({ subject }: { subject?: string }) {
  const href = subject
    ? `mailto:${shopContact.email}?subject=${encodeURIComponent(subject)}`
    : `mailto:${shopContact.email}`;
  return <a href={href}>{shopContact.email}</a>;
}

export function PhoneLink() {
  return <a href={shopContact.phoneHref}>{shopContact.phoneDisplay}</a>;
}
