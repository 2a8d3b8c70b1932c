import type { OrderItem } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { deliveredOrder, partialRefund } from '../testing/after-sale.ts';
import { estimateRefund, refundedUnits, sameLine } from './refund-estimate.ts';

const bead = { product: 'p-bead', variant: 'v-20' };
const mala = { product: 'p-mala', variant: null };

describe('estimateRefund', () => {
  it("gives a unit's goods, GST and share of the shipping (by taxable value), as the server's refundPart", () => {
    // Goods 950 + GST 28.50; shipping ₹100 + ₹3 GST shared 1900 : 500 (₹79.17 + ₹2.38), half of it.
    expect(estimateRefund(deliveredOrder, [{ ...bead, qty: 1 }])).toBe(1019.28);
  });

  it('adds up to the order total, to the paisa, when everything goes back in parts', () => {
    const first = partialRefund({ lines: [{ ...bead, name: 'x', qty: 1 }] });
    const parts = [
      estimateRefund(deliveredOrder, [{ ...bead, qty: 1 }])!,
      estimateRefund({ ...deliveredOrder, refunds: [first] }, [{ ...bead, qty: 1 }])!,
      estimateRefund({ ...deliveredOrder, refunds: [first] }, [{ ...mala, qty: 1 }])!,
    ];
    expect(Math.round(parts.reduce((a, b) => a + b, 0) * 100)).toBe(257500);
  });

  it('knows no amount for a line not in the order, or more units than are left', () => {
    expect(estimateRefund(deliveredOrder, [{ product: 'p-other', qty: 1 }])).toBeNull();
    expect(estimateRefund(deliveredOrder, [{ ...bead, qty: 3 }])).toBeNull();
    const both = partialRefund({ lines: [{ ...bead, name: 'x', qty: 2 }] });
    expect(estimateRefund({ ...deliveredOrder, refunds: [both] }, [{ ...bead, qty: 1 }])).toBeNull();
    expect(estimateRefund(deliveredOrder, [])).toBeNull();
  });
});

describe('refundedUnits', () => {
  it('counts the units of refunds that did not fail, by order line', () => {
    const units = refundedUnits(deliveredOrder, [
      partialRefund({ lines: [{ ...bead, name: 'x', qty: 1 }] }),
      partialRefund({ _id: 'r2', status: 'pending', lines: [{ ...mala, name: 'y', qty: 1 }] }),
      partialRefund({ _id: 'r3', status: 'failed', lines: [{ ...bead, name: 'x', qty: 1 }] }),
    ]);
    expect([...units]).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });
});

describe('sameLine', () => {
  it('matches the variant by id or by name, and a line without one only to a line without one', () => {
    const [beadLine, malaLine] = deliveredOrder.orderItems as [OrderItem, OrderItem];
    expect(sameLine(beadLine, { product: 'p-bead', variant: 'v-20' })).toBe(true);
    expect(sameLine(beadLine, { product: 'p-bead', variant: '20 mm' })).toBe(true);
    expect(sameLine(beadLine, { product: 'p-bead', variant: null })).toBe(false);
    expect(sameLine(malaLine, { product: 'p-mala' })).toBe(true);
    expect(sameLine(malaLine, { product: 'p-bead' })).toBe(false);
  });
});
