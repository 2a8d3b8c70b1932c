import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPaiseAmount, formatRupees, percentOf, toPaise, toRupees } from './money.ts';

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
    expect(formatRupees(-1234567.891)).toBe('-₹12,34,567.89');
    expect(formatRupees(100)).toBe('₹100.00');
    expect(formatRupees(1000)).toBe('₹1,000.00');
  });

  it('formats any amount exactly as Intl does for en-IN rupees, halves and binary noise included', () => {
    const intl = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const amounts = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }).map((paise) => paise / 100),
      // Thousandths: the halves (1.115, 0.285, ...) whose binary value lies just below or above.
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
      fc.double({ min: -1e13, max: 1e13, noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
    );
    fc.assert(
      fc.property(amounts, (rupees) => {
        expect(formatRupees(rupees)).toBe(intl.format(rupees));
      }),
      { numRuns: 20_000 },
    );
    // Intl writes -₹0.00 for minus zero; a customer is shown ₹0.00.
    expect(formatRupees(-0)).toBe('₹0.00');
    for (const half of [1.115, 0.285, 1.005, 2.675, 0.125, 1e9 + 0.005])
      expect(formatRupees(half)).toBe(intl.format(half));
  });

  it('formats paise for a column in rupees: Intl en-IN with two decimals, no symbol', () => {
    const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => {
        expect(formatPaiseAmount(paise)).toBe(intl.format(paise / 100).replace(/^-0\.00$/, '0.00'));
      }),
      { numRuns: 5_000 },
    );
    expect(formatPaiseAmount(85_00_000_00)).toBe('85,00,000.00');
    expect(formatPaiseAmount(99_00)).toBe('99.00');
    expect(formatPaiseAmount(5)).toBe('0.05');
    expect(formatPaiseAmount(-12_50)).toBe('-12.50');
    expect(() => formatPaiseAmount(1.5)).toThrow(RangeError);
  });

  it('formats sizes and counts as Intl’s en-IN decimals with at most two places', () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
    const values = fc.oneof(
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
      fc.double({ min: -1e13, max: 1e13, noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(values, (value) => {
        // Intl writes -0 for what rounds to nothing below zero; shown as 0.
        expect(formatDecimal(value)).toBe(intl.format(value).replace(/^-0$/, '0'));
      }),
      { numRuns: 20_000 },
    );
    expect(formatDecimal(4.25)).toBe('4.25');
    expect(formatDecimal(1234.5)).toBe('1,234.5');
    expect(formatDecimal(123456)).toBe('1,23,456');
  });
});
