import {
  refundPart,
  toPaise,
  toRupees,
  type Order,
  type OrderItem,
  type PartialRefund,
  type StoredQuote,
} from '@rr/core';

/** An order line and a refund's or return's line are the same line when product and variant agree. */
export function sameLine(item: OrderItem, line: { product: string | null; variant?: string | null }): boolean {
  if (item.product === null || item.product !== line.product) return false;
  const variant = line.variant ?? null;
  return variant === null ? item.variant === null : item.variant?._id === variant || item.variant?.name === variant;
}

/** Units of each order line (by index) given back before, by the refunds (of its `refunds`) that did not fail. */
export function refundedUnits(order: Order, refunds: readonly PartialRefund[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines) {
      const index = order.orderItems.findIndex((item) => sameLine(item, line));
      if (index >= 0) units.set(index, (units.get(index) ?? 0) + line.qty);
    }
  }
  return units;
}

/**
 * The order's quote rebuilt from what the order answers. An add-on is folded into its product line there,
 * and the quote keeps it apart, so a share can come out a paisa off: the figure is "about".
 */
function quoteOf(order: Order): StoredQuote {
  const cod = order.codFee;
  const gst = Math.round(order.shippingGst.gstPercent * 100);
  return {
    lines: order.orderItems.map((item) => ({
      name: item.name,
      hsnCode: item.hsnCode,
      uqc: item.uqc,
      qty: item.qty,
      unitPricePaise: toPaise(item.price),
      grossPaise: toPaise(item.price) * item.qty,
      discountPaise: toPaise(item.discount),
      taxablePaise: toPaise(item.taxableValue),
      gstBasisPoints: Math.round(item.gstPercent * 100),
      taxPaise: toPaise(item.taxPrice),
    })),
    shipping: {
      chargePaise: toPaise(order.shippingPrice - (cod?.amount ?? 0)),
      taxPaise: toPaise(order.shippingGst.taxPrice - (cod?.taxPrice ?? 0)),
      gstBasisPoints: gst,
      hsnCode: order.shippingGst.hsnCode,
    },
    codFee: cod
      ? { chargePaise: toPaise(cod.amount), taxPaise: toPaise(cod.taxPrice), gstBasisPoints: gst, hsnCode: null }
      : null,
    amounts: { itemsPaise: 0, shippingPaise: 0, taxPaise: 0, discountPaise: 0, totalPaise: 0 },
    afterTaxDiscountPaise: 0,
  };
}

/**
 * About what refunding `lines` gives back (rupees), with their share of discounts, GST and shipping,
 * as the server works it out (decision 0043); null when a line is not the order's or too many units.
 */
export function estimateRefund(
  order: Order,
  lines: ReadonlyArray<{ product: string | null; variant?: string | null; qty: number }>,
): number | null {
  const now = new Map<number, number>();
  for (const line of lines) {
    const index = order.orderItems.findIndex((item) => sameLine(item, line));
    if (index < 0) return null;
    now.set(index, (now.get(index) ?? 0) + line.qty);
  }
  if (now.size === 0) return null;
  try {
    return toRupees(refundPart(quoteOf(order), now, refundedUnits(order, order.refunds)).amountPaise);
  } catch {
    return null;
  }
}
