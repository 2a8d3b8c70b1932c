import { shortOrderNumber, type Order } from '@rr/core';
import { WhatsAppChat } from '../../../components/whatsapp-chat.tsx';
import { useT } from '../../../i18n/index.tsx';

/** "Chat on WhatsApp" about this order, with its number typed in (when the shop has a WhatsApp number). */
export function OrderChat({ order }: { order: Order }) {
  const t = useT();
  return <WhatsAppChat text={t('orders.heading', { number: shortOrderNumber(order._id) })} />;
}
