import type { ShippingAddressInput } from '@rr/core';
import { Link } from 'react-router';
import layout from '../../../components/order-layout.module.css';

/** Where the order goes, with the way back to change it. */
export function ShippingSummary({ address }: { address: ShippingAddressInput }) {
  return (
    <section className={`card ${layout.block}`} aria-labelledby="ship-heading">
      <h2 id="ship-heading">Shipping</h2>
      {address.name && (
        <p>
          <strong>To: </strong>
          {address.name}
          {address.phone ? `, ${address.phone}` : ''}
        </p>
      )}
      {address.gstin && (
        <p>
          <strong>Business invoice: </strong>
          {address.businessName ? `${address.businessName}, ` : ''}GSTIN {address.gstin}
        </p>
      )}
      <p>
        <strong>Address: </strong>
        {address.address}, {address.city} {address.postalCode}, {address.state}, India{' '}
        <Link to="/shipping">Change</Link>
      </p>
    </section>
  );
}
