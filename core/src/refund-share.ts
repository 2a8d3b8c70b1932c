import type { Paise } from './money.ts';
import type { StoredQuote, StoredQuoteLine } from './gst/invoice.ts';
import type { LineAdjustment } from './quote.ts';

/**
 * Issue 28: the part of an order's quote that a partial refund gives back (decision 0043). A refund
 * names order lines (by their place in the quote) and units; it gives back those units' gross value less
 * their share of each discount, their GST, and their share of the shipping charge and the COD fee with
 * its GST. The result is itself a stored quote, so the credit note is drawn from it exactly as the
 * invoice is drawn from the order's.
 *
 * Shares are cumulative: the first k of a line's n units are worth round(figure × k / n) of each figure
 * (half up), and a refund of q units after r were refunded takes share(r + q) − share(r). So refunds in
 * any number of parts add up to exactly the order's figures, never a paisa more, and the GST register's
 * credit notes sum to the invoice's GST when everything comes back. The shipping charge and COD fee are
 * first shared out over the lines by their taxable value (largest remainder), then over each line's units
 * the same way.
 */

/** The units of each quote line (by index in the quote) being refunded, or refunded before. */
export type LineUnits = ReadonlyMap<number, number>;

/** The first `k` of `n` units' share of `figure`, rounded half up; share(0) = 0 and share(n) = figure. */
function shareOf(figure: Paise, k: number, n: number): Paise {
  return Math.floor((figure * k * 2 + n) / (2 * n));
}

/** Units r+1 .. r+q's share of `figure` (r refunded before, q now). */
function stepShare(figure: Paise, before: number, now: number, n: number): Paise {
  return shareOf(figure, before + now, n) - shareOf(figure, before, n);
}

function shareOut(total: Paise, weights: readonly Paise[]): Paise[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - exact.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => ({ i, r: total * w - exact[i]! * sum })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    exact[i]! += 1;
    left -= 1;
  }
  return exact;
}

export class RefundUnitsError extends Error {}

export interface RefundPart {
  /** The part of the order's quote given back: its lines (units refunded now) and charges. */
  quote: StoredQuote;
  /** Goods: taxable value and GST; shipping + COD fee and their GST. */
  taxablePaise: Paise;
  taxPaise: Paise;
  shippingPaise: Paise;
  shippingTaxPaise: Paise;
  amountPaise: Paise;
}

/**
 * The part of `order` that refunding `now` gives back, after `before` was refunded. Throws
 * RefundUnitsError when a line does not exist or more units than bought would be refunded.
 */
export function refundPart(order: StoredQuote, now: LineUnits, before: LineUnits): RefundPart {
  const lines = order.lines;
  for (const [index, qty] of now) {
    const line = lines[index];
    if (!line) throw new RefundUnitsError(`The order has no line ${index}`);
    if (!Number.isSafeInteger(qty) || qty < 1) throw new RefundUnitsError(`Bad quantity ${qty}`);
    if ((before.get(index) ?? 0) + qty > line.qty) {
      throw new RefundUnitsError(`Only ${line.qty - (before.get(index) ?? 0)} of "${line.name}" are left to refund`);
    }
  }
  const weights = lines.map((l) => l.taxablePaise);
  const charges = {
    shipping: shareOut(order.shipping.chargePaise, weights),
    shippingTax: shareOut(order.shipping.taxPaise, weights),
    codFee: shareOut(order.codFee?.chargePaise ?? 0, weights),
    codFeeTax: shareOut(order.codFee?.taxPaise ?? 0, weights),
  };
  const picked = [...now.keys()].sort((a, b) => a - b);
  const newIndex = new Map(picked.map((index, i) => [index, i]));
  const sums = { shipping: 0, shippingTax: 0, codFee: 0, codFeeTax: 0 };
  const partLines: StoredQuoteLine[] = picked.map((index) => {
    const line = lines[index]!;
    const q = now.get(index)!;
    const r = before.get(index) ?? 0;
    const step = (figure: Paise) => stepShare(figure, r, q, line.qty);
    for (const key of Object.keys(sums) as Array<keyof typeof sums>) sums[key] += step(charges[key][index]!);
    const adjustments: LineAdjustment[] = (line.adjustments ?? [])
      .map((a) => ({ ...a, amountPaise: step(a.amountPaise) }))
      .filter((a) => a.amountPaise > 0);
    const grossPaise = line.unitPricePaise * q;
    const discountPaise = step(line.discountPaise);
    const addOnOf = line.addOnOf == null ? line.addOnOf : (newIndex.get(line.addOnOf) ?? null);
    return {
      ...line,
      qty: q,
      grossPaise,
      discountPaise,
      taxablePaise: grossPaise - discountPaise,
      taxPaise: step(line.taxPaise),
      adjustments,
      addOnOf,
    };
  });
  const sum = (pick: (l: StoredQuoteLine) => number) => partLines.reduce((s, l) => s + pick(l), 0);
  const itemsPaise = sum((l) => l.grossPaise);
  const discountPaise = sum((l) => l.discountPaise);
  const taxablePaise = sum((l) => l.taxablePaise);
  const taxPaise = sum((l) => l.taxPaise);
  const shippingPaise = sums.shipping + sums.codFee;
  const shippingTaxPaise = sums.shippingTax + sums.codFeeTax;
  const quote: StoredQuote = {
    lines: partLines,
    shipping: { ...order.shipping, chargePaise: sums.shipping, taxPaise: sums.shippingTax, waivedPaise: 0 },
    codFee: order.codFee ? { ...order.codFee, chargePaise: sums.codFee, taxPaise: sums.codFeeTax } : null,
    amounts: {
      itemsPaise,
      shippingPaise,
      taxPaise: taxPaise + shippingTaxPaise,
      discountPaise,
      totalPaise: taxablePaise + taxPaise + shippingPaise + shippingTaxPaise,
    },
    afterTaxDiscountPaise: 0,
    coupon: null,
  };
  return {
    quote,
    taxablePaise,
    taxPaise,
    shippingPaise,
    shippingTaxPaise,
    amountPaise: quote.amounts.totalPaise,
  };
}

/** Adds up line units (refunds made before, a return's lines). */
export function addUnits(
  into: Map<number, number>,
  lines: Iterable<{ lineNo: number; qty: number }>,
): Map<number, number> {
  for (const { lineNo, qty } of lines) into.set(lineNo, (into.get(lineNo) ?? 0) + qty);
  return into;
}
