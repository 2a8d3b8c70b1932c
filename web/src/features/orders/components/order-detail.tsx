import { useT, type Translate } from '../../../i18n/index.tsx';
import { ONLINE_PAYMENT_METHOD, formatRupees, type Order } from '@rr/core';
import { Suspense, lazy } from 'react';
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
import { permissionsOf } from '../../../lib/staff-pages.ts';
import { useLineName } from '../line-names.ts';

/**
 * Issue 28: the part paid with store credit, and what the rest was (or is) paid with; null without any.
 */
function storeCreditLines(order: Order, t: Translate) {
  const applied = order.storeCreditPaid;
  if (applied <= 0) return null;
  const due = paidBesidesCredit(order);
  const online = order.paymentMethod === ONLINE_PAYMENT_METHOD;
  const cash = order.isPaid ? t('orders.paidOnDelivery') : t('checkout.toPayOnDelivery');
  return {
    applied,
    label: t('orders.paidWithCredit'),
    due,
    dueLabel: due === 0 ? t('checkout.leftToPay') : online ? t('orders.paidOnline') : cash,
  };
}

// Staff only: customers' order pages carry none of it.
const RecordHistory = lazy(() =>
  import('../../../components/record-history.tsx').then((m) => ({ default: m.RecordHistory })),
);

/** What the order's history is asked again after: a change to any of these is an audit entry. */
function orderVersion(order: Order): string {
  return [
    order.status,
    order.isPaid,
    order.shipment?.courier,
    order.shipment?.trackingNumber,
    order.refund?.status,
    order.refunds.map((r) => r.status).join(),
  ].join('|');
}

/**
 * One order as its customer or staff see it; staff also get its line taxes, the actions their role may
 * take (issue 29) and the order's history.
 */
export function OrderDetail({ order }: { order: Order }) {
  const t = useT();
  const user = useUserInfo();
  const isAdmin = Boolean(user?.isAdmin);
  const may = permissionsOf(user);
  const named = useLineName(order);
  return (
    <div className={layout.layout}>
      <div>
        {order.isCancelled && <CancelledNotice order={order} isAdmin={isAdmin} />}
        {order.confirmBy && !order.isCancelled && <AwaitingConfirmation order={order} isAdmin={isAdmin} />}
        <ShippingSection order={order} />
        <DispatchSection order={order} isAdmin={isAdmin} canShip={may('orders.ship')} />
        <PaymentSection order={order} />
        <section className={`card ${layout.block}`} aria-labelledby="items-heading">
          <h2 id="items-heading">{t('checkout.orderItems')}</h2>
          {order.orderItems.length === 0 ? (
            <Message>{t('orders.empty')}</Message>
          ) : (
            <OrderLines lines={order.orderItems} showTax={isAdmin} />
          )}
        </section>
        {isAdmin ? (
          <OrderRefunds order={order} canRefund={may('refunds')} />
        ) : (
          <>
            <RefundsSection
              orderId={order._id}
              refunds={order.refunds.map((refund) => ({ ...refund, lines: refund.lines.map(named) }))}
            />
            <ReturnsSection order={order} />
          </>
        )}
        {may('orders.read') && (
          <Suspense fallback={null}>
            <RecordHistory entity="order" id={order._id} version={orderVersion(order)} />
          </Suspense>
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
          storeCredit: storeCreditLines(order, t),
        }}
      >
        {order.coupon && (
          <p className={layout.couponNote} data-testid="order-coupon">
            {t('orders.couponCode')} <strong>{order.coupon.code}</strong>{' '}
            {t('orders.couponApplied', { amount: formatRupees(order.coupon.discount) })}
          </p>
        )}
        {isAdmin && <RefundedSoFar order={order} />}
        <OrderActions order={order} isAdmin={isAdmin} />
      </AmountsSummary>
    </div>
  );
}
