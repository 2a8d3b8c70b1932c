import { PINCODE_PATTERN } from '@rr/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDeliveryWords } from '../../../components/delivery-words.ts';
import { pincodeQuery, rememberDeliveryPincode } from '../../../lib/delivery-pincode.ts';
import styles from '../pages/checkout.module.css';

/**
 * Issue 27: once the shipping form's pincode is a pincode, when a parcel there arrives and whether COD is
 * offered; the pincode is remembered for the product page's "Deliver to".
 */
export function DeliveryEstimate({ postalCode }: { postalCode: string }) {
  const words = useDeliveryWords();
  const code = postalCode.trim();
  const known = PINCODE_PATTERN.test(code);
  const place = useQuery(pincodeQuery(code));
  const found = known && place.data ? place.data : null;

  useEffect(() => {
    // The pincode as typed, once the directory knows it.
    if (found) rememberDeliveryPincode(code);
  }, [found, code]);

  // An answer without dates (no courier serves the pincode) says nothing here.
  if (!found?.deliverBy?.to) return null;
  return (
    <p className={styles.estimate} data-testid="shipping-estimate" aria-live="polite">
      <strong>{words.deliveredBy(found.deliverBy)}</strong>
      <span className={found.cod ? styles.codOk : styles.codNo}>
        {found.cod ? words.codAvailable : words.codNotAvailable}
      </span>
    </p>
  );
}
