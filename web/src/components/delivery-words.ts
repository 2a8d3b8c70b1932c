import { formatDeliveryDate } from '@rr/core';

/** "Delivered by Tue, 2 Dec", or "Delivered between Mon, 1 Dec and Tue, 2 Dec" when the dates differ. */
export function deliveredByText(deliverBy: { from: string; to: string }): string {
  return deliverBy.from === deliverBy.to
    ? `Delivered by ${formatDeliveryDate(deliverBy.to)}`
    : `Delivered between ${formatDeliveryDate(deliverBy.from)} and ${formatDeliveryDate(deliverBy.to)}`;
}

export const COD_AVAILABLE = 'Cash on Delivery available';
export const COD_NOT_AVAILABLE = 'Cash on Delivery not available here - pay online';
