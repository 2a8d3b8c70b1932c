import { describe, expect, it } from 'vitest';
import { actionText, changeLines, changeText, fieldName, valueText } from './audit-changes.ts';

const lines = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  changeLines({ before, after }).map(changeText);

describe('audit changes, as people read them', () => {
  it('words a price change in rupees and a stock change as a count', () => {
    expect(lines({ price: 499, countInStock: 1200 }, { price: 549.5, countInStock: 1195 })).toEqual([
      'price: ₹499 → ₹549.50',
      'stock: 1,200 → 1,195',
    ]);
  });

  it('words roles by their labels, flags as yes/no, and times in Indian time', () => {
    expect(lines({ role: null }, { role: 'orders' })).toEqual(['role: — → Orders and packing']);
    expect(lines({ isDraft: true }, { isDraft: false })).toEqual(['draft: yes → no']);
    expect(lines({ shippedAt: null }, { shippedAt: '2026-11-21T10:35:00.000Z' })).toEqual([
      'shipped at: — → 21 Nov 2026, 4:05 pm',
    ]);
  });

  it('lists a record created and one removed without arrows', () => {
    expect(lines(null, { name: 'Ek Mukhi', mrp: 999 })).toEqual(['name: Ek Mukhi', 'MRP: ₹999']);
    expect(lines({ code: 'DIWALI10', discountPercent: 10 }, null)).toEqual([
      'code: DIWALI10 (removed)',
      'discount percent: 10% (removed)',
    ]);
  });

  it('names list items by their names, and counts the ones without', () => {
    expect(valueText('variants', [{ name: '5 Mukhi', price: 300 }, { name: '7 Mukhi' }])).toBe('5 Mukhi, 7 Mukhi');
    expect(valueText('lines', [{ qty: 1 }, { qty: 2 }])).toBe('2 items');
    expect(valueText('variants', [])).toBe('none');
    expect(valueText('shipment', { courier: 'Delhivery', trackingNumber: 'AWB1' })).toBe(
      'courier Delhivery, tracking number (AWB) AWB1',
    );
  });

  it('shortens long text and turns names into words', () => {
    expect(valueText('description', 'x'.repeat(200))).toHaveLength(80);
    expect(fieldName('freeShippingAbove')).toBe('free shipping above');
    expect(valueText('freeShippingAbove', 999)).toBe('₹999');
    expect(actionText('order.ship')).toBe('Order shipped');
    expect(actionText('return.approve')).toBe('return.approve');
  });
});
