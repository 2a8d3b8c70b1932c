import { shortOrderNumber, type Order } from '@rr/core';
import { WhatsAppChat } from '../../../components/whatsapp-chat.tsx';

/** "Chat on WhatsApp" about this order, with its number typed in (when the shop has a WhatsApp number). */
export function OrderChat({ order }: { order: Order }) {
  return <WhatsAppChat text={`Order #${shortOrderNumber(order._id)}`} />;
}
