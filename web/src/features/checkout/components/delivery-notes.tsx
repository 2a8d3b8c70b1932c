import { ONLINE_DISCOUNT_PERCENT, type CartQuote } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { Button } from '../../../components/button.tsx';
import { useDeliveryWords } from '../../../components/delivery-words.ts';
import { Message } from '../../../components/message.tsx';

/**
 * Issue 27: Cash on Delivery refused for this order (the quote's `cod.reason`, or the server's message
 * when it refused the order), with the way on: paying online, which also takes the online discount.
 */
export function CodRefused({
  reason,
  onPayOnline,
  disabled,
}: {
  reason: string;
  onPayOnline: () => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <Message variant="danger">
      <span data-testid="cod-refused">{reason}</span>{' '}
      <Button onClick={onPayOnline} disabled={disabled}>
        {t('checkout.payOnlineInstead')}
      </Button>{' '}
      <small>{t('checkout.onlineTakesOff', { percent: ONLINE_DISCOUNT_PERCENT })}</small>
    </Message>
  );
}

/** "Delivered by Tue, 2 Dec" for the quote's pincode; nothing while the pincode is not known. */
export function DeliveryPromise({ delivery }: { delivery: CartQuote['delivery'] | undefined }) {
  const t = useT();
  const words = useDeliveryWords();
  if (!delivery?.deliverBy.to) return null;
  return (
    <p data-testid="delivered-by">
      <strong>{words.deliveredBy(delivery.deliverBy)}</strong>{' '}
      {t('checkout.deliveredTo', { pincode: delivery.postalCode })}
    </p>
  );
}
