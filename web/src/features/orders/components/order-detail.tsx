import { ONLINE_PAYMENT_METHOD, formatRupees, type Order } from '@rr/core';
import { AmountsSummary } from '../../../components/amounts-summary.tsx';
import { Message } from '../../../components/message.tsx';
import { OrderLines } from '../../../components/order-lines.tsx';
import layout from '../../../components/order-layout.module.css';
import { useUserInfo } from '../../account/index.ts';
import { AwaitingConfirmation } from './confirm-order.tsx';
import { DispatchSection } from './dispatch-section.tsx';
import { OrderActions } from './order-actions.tsx';
import { paidBesidesCredit } from './customer-actions.tsx';
import { CancelledNotice, PaymentSection, ShippingSection } from './order-sections.tsx';
import { OrderRefunds, RefundedSoFar } from './order-refunds.tsx';
import { RefundsSection } from './refunds-section.tsx';
import { ReturnsSection } from './returns-section.tsx';

/**
 * Issue 28: the part paid with store credit, and what the rest was (or is) paid with; null without any.
 */
function storeCreditLines(order: Order) {
  const applied = order.storeCreditPaid;
  if (applied <= 0) return null;
  const due = paidBesidesCredit(order);
  const online = order.paymentMethod === ONLINE_PAYMENT_METHOD;
  const cash = order.isPaid ? 'Paid on delivery' : 'To pay on delivery';
  return {
    applied,
    label: 'Paid with store credit',
    due,
    dueLabel: due === 0 ? 'Left to pay' : online ? 'Paid online' : cash,
  };
}

/** One order as its customer or an admin sees it; admins also get its line taxes and actions. */
export function OrderDetail({ order }: { order: Order }) {
  const isAdmin = Boolean(useUserInfo()?.isAdmin);
  return (
    <div className={layout.layout}>
      <div>
        {order.isCancelled && <CancelledNotice order={order} isAdmin={isAdmin} />}
        {order.confirmBy && !order.isCancelled && <AwaitingConfirmation order={order} isAdmin={isAdmin} />}
        <ShippingSection order={order} />
        <DispatchSection order={order} isAdmin={isAdmin} />
        <PaymentSection order={order} />
        <section className={`card ${layout.block}`} aria-labelledby="items-heading">
          <h2 id="items-heading">Order Items</h2>
          {order.orderItems.length === 0 ? (
            <Message>Order is empty</Message>
          ) : (
            <OrderLines lines={order.orderItems} showTax={isAdmin} />
          )}
        </section>
        {isAdmin ? (
          <OrderRefunds order={order} />
        ) : (
          <>
            <RefundsSection orderId={order._id} refunds={order.refunds} />
            <ReturnsSection order={order} />
          </>
        )}
      </div>
      <AmountsSummary
        amounts={{
          itemsPrice: order.itemsPrice,
          shippingPrice: order.shippingPrice,
          codFee: order.codFee,
          taxPrice: order.taxPrice,
          discountPrice: order.discountPrice > 0 ? order.discountPrice : undefined,
          adjustments: order.adjustments,
          totalPrice: order.totalPrice,
          shippingGst: order.shippingGst,
          storeCredit: storeCreditLines(order),
        }}
      >
        {order.coupon && (
          <p className={layout.couponNote} data-testid="order-coupon">
            Code <strong>{order.coupon.code}</strong> applied: −{formatRupees(order.coupon.discount)}
          </p>
        )}
        {isAdmin && <RefundedSoFar order={order} />}
        <OrderActions order={order} isAdmin={isAdmin} />
      </AmountsSummary>
    </div>
  );
}
