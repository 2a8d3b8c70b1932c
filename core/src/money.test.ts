import { describe, expect, it } from 'vitest';
import { formatRupees, percentOf, toPaise, toRupees } from './money.ts';

describe('money', () => {
  it('converts rupees to whole paise without binary noise', () => {
    expect(toPaise(100.01)).toBe(10001);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(25000)).toBe(2500000);
  });

  it('refuses amounts that are not numbers', () => {
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Infinity)).toThrow(RangeError);
    expect(() => toRupees(10.5)).toThrow(RangeError);
  });

  it('converts paise back to rupees', () => {
    expect(toRupees(10001)).toBe(100.01);
    expect(toRupees(0)).toBe(0);
  });

  it('takes a percentage rounded half up to a paisa', () => {
    expect(percentOf(10001, 18)).toBe(1800); // 1800.18 -> 1800
    expect(percentOf(10003, 18)).toBe(1801); // 1800.54 -> 1801
    expect(percentOf(25, 18)).toBe(5); // 4.5 -> 5 (half up)
    expect(percentOf(10000, 10)).toBe(1000);
  });

  it('formats rupees with Indian digit grouping and two decimals', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees(12345678.5)).toBe('₹1,23,45,678.50');
    expect(formatRupees(99.9)).toBe('₹99.90');
    expect(formatRupees(0)).toBe('₹0.00');
  });
});
