import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoice } from './gst/invoice.ts';
import { gstStateByName } from './gst/states.ts';
import { buildQuote, rulesFor, withCodFee, type Quote } from './quote.ts';
import { RefundUnitsError, addUnits, refundPart } from './refund-share.ts';

const UP = gstStateByName('Uttar Pradesh')!;

function orderQuote(lines: Array<{ price: number; qty: number; gst: number }>, paidOnline: boolean, codFee = 0): Quote {
  const quote = buildQuote(
    lines.map((l, i) => ({
      productId: `p${i}`,
      name: `Item ${i + 1}`,
      image: '',
      mrpPaise: null,
      uqc: 'NOS',
      hsnCode: '7117',
      unitPricePaise: l.price,
      qty: l.qty,
      gstBasisPoints: l.gst,
    })),
    { ...rulesFor(paidOnline), shippingChargePaise: 7_900 },
  );
  if (!codFee) return quote;
  const fee = { chargePaise: codFee, taxPaise: Math.round(codFee * 0.18), gstBasisPoints: 1800, hsnCode: '7117' };
  const both = withCodFee(quote.shipping, fee);
  return {
    ...quote,
    codFee: fee,
    amounts: {
      ...quote.amounts,
      shippingPaise: both.chargePaise,
      taxPaise: quote.amounts.taxPaise + fee.taxPaise,
      totalPaise: quote.amounts.totalPaise + fee.chargePaise + fee.taxPaise,
    },
  };
}

describe('refundPart', () => {
  it('gives back one unit with its share of the discount, GST, shipping and COD fee', () => {
    const order = orderQuote(
      [
        { price: 1_000_00, qty: 2, gst: 300 },
        { price: 500_00, qty: 1, gst: 1800 },
      ],
      true,
    );
    const part = refundPart(order, new Map([[0, 1]]), new Map());
    const line = order.lines[0]!;
    expect(part.quote.lines[0]!.grossPaise).toBe(1_000_00);
    // Half the line's discount (10% online) and half its GST.
    expect(part.quote.lines[0]!.discountPaise).toBe(line.discountPaise / 2);
    expect(part.taxPaise).toBe(Math.round(line.taxPaise / 2));
    // The shipping is shared by taxable value: line 0 holds 1800/2250 of it, one unit half of that.
    expect(part.shippingPaise).toBe(Math.round((7_900 * 1800) / 2250 / 2));
    expect(part.amountPaise).toBe(part.taxablePaise + part.taxPaise + part.shippingPaise + part.shippingTaxPaise);
    // The part is a quote of its own: a credit note is drawn from it and adds up.
    const note = computeInvoice(part.quote, UP, UP);
    expect(note.totals.totalPaise).toBe(part.amountPaise);
  });

  it('refuses more units than are left, and lines the order does not have', () => {
    const order = orderQuote([{ price: 100_00, qty: 2, gst: 300 }], false);
    expect(() => refundPart(order, new Map([[0, 2]]), new Map([[0, 1]]))).toThrow(RefundUnitsError);
    expect(() => refundPart(order, new Map([[3, 1]]), new Map())).toThrow(RefundUnitsError);
  });

  it('refunds in any parts add up to exactly the order, line by line and in GST', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 5_000_00 }),
            qty: fc.integer({ min: 1, max: 7 }),
            gst: fc.constantFrom(0, 25, 300, 500, 1200, 1800),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.boolean(),
        fc.integer({ min: 0, max: 9_000 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        (lines, online, codFee, seed) => {
          const order = orderQuote(lines, online, codFee);
          const before = new Map<number, number>();
          let refunded = 0;
          let tax = 0;
          let s = seed;
          // Take units back in random bites until every one is refunded.
          while ([...order.lines.keys()].some((i) => (before.get(i) ?? 0) < order.lines[i]!.qty)) {
            const now = new Map<number, number>();
            order.lines.forEach((line, i) => {
              s = (s * 1103515245 + 12345) % 2 ** 31;
              const left = line.qty - (before.get(i) ?? 0);
              const q = Math.min(left, s % 3);
              if (q > 0) now.set(i, q);
            });
            if (now.size === 0) continue;
            const part = refundPart(order, now, before);
            expect(computeInvoice(part.quote, UP, UP).totals.totalPaise).toBe(part.amountPaise);
            refunded += part.amountPaise;
            tax += part.taxPaise + part.shippingTaxPaise;
            addUnits(
              before,
              [...now].map(([lineNo, qty]) => ({ lineNo, qty })),
            );
          }
          expect(refunded).toBe(order.amounts.totalPaise);
          expect(tax).toBe(order.amounts.taxPaise);
        },
      ),
      { numRuns: 200 },
    );
  });
});
