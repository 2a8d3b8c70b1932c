import type { ShippingAddressInput } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { Link } from 'react-router';
import layout from '../../../components/order-layout.module.css';

/** Where the order goes, with the way back to change it. */
export function ShippingSummary({ address }: { address: ShippingAddressInput }) {
  const t = useT();
  return (
    <section className={`card ${layout.block}`} aria-labelledby="ship-heading">
      <h2 id="ship-heading">{t('checkout.shipping')}</h2>
      {address.name && (
        <p>
          <strong>{t('checkout.to')}</strong>
          {address.name}
          {address.phone ? `, ${address.phone}` : ''}
        </p>
      )}
      {address.gstin && (
        <p>
          <strong>{t('checkout.businessInvoice')}</strong>
          {address.businessName ? `${address.businessName}, ` : ''}GSTIN {address.gstin}
        </p>
      )}
      <p>
        <strong>{t('checkout.addressLabel')}</strong>
        {address.address}, {address.city} {address.postalCode}, {address.state}, {t('checkout.india')}{' '}
        <Link to="/shipping">{t('checkout.change')}</Link>
      </p>
    </section>
  );
}
