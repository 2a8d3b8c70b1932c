import { describe, expect, it } from 'vitest';
import { lineTaxPaise, priceOrder, unitPriceWithGstPaise } from './pricing.ts';

describe('priceOrder (SPEC §9)', () => {
  it('charges ₹100 shipping when items total exactly ₹100.00', () => {
    const amounts = priceOrder([{ unitPricePaise: 10000, qty: 1, gstBasisPoints: 1800 }], false);
    expect(amounts).toEqual({
      itemsPaise: 10000,
      shippingPaise: 10000,
      taxPaise: 1800,
      discountPaise: 0,
      totalPaise: 21800,
    });
  });

  it('ships free once items are above ₹100 (₹100.01)', () => {
    const amounts = priceOrder([{ unitPricePaise: 10001, qty: 1, gstBasisPoints: 1800 }], false);
    expect(amounts.shippingPaise).toBe(0);
    expect(amounts.taxPaise).toBe(1800); // 18% of 100.01 = 18.0018 -> 18.00
    expect(amounts.totalPaise).toBe(11801);
  });

  it('rounds 18% tax half up to the paisa', () => {
    // 18% of ₹0.25 = 4.5 paise -> 5 paise
    expect(priceOrder([{ unitPricePaise: 25, qty: 1, gstBasisPoints: 1800 }], false).taxPaise).toBe(5);
    // 18% of ₹0.24 = 4.32 paise -> 4 paise
    expect(priceOrder([{ unitPricePaise: 24, qty: 1, gstBasisPoints: 1800 }], false).taxPaise).toBe(4);
  });

  it('sums lines by quantity', () => {
    const amounts = priceOrder(
      [
        { unitPricePaise: 29900, qty: 2, gstBasisPoints: 1800 },
        { unitPricePaise: 5000, qty: 3, gstBasisPoints: 1800 },
      ],
      false,
    );
    expect(amounts.itemsPaise).toBe(74800);
  });

  it('takes 10% of items off for online payment, before shipping and tax are added', () => {
    const amounts = priceOrder([{ unitPricePaise: 50000, qty: 1, gstBasisPoints: 1800 }], true);
    expect(amounts.discountPaise).toBe(5000);
    expect(amounts.taxPaise).toBe(9000); // tax stays 18% of the items price
    expect(amounts.totalPaise).toBe(50000 - 5000 + 0 + 9000);
  });

  it('decides shipping on the items price, not the discounted one', () => {
    const amounts = priceOrder([{ unitPricePaise: 10500, qty: 1, gstBasisPoints: 1800 }], true);
    expect(amounts.shippingPaise).toBe(0);
    expect(amounts.discountPaise).toBe(1050);
  });

  it('prices an empty order at shipping only', () => {
    expect(priceOrder([], false).totalPaise).toBe(10000);
  });

  it('taxes each line at its own rate and adds the lines up (18% + 3%)', () => {
    const amounts = priceOrder(
      [
        { unitPricePaise: 29900, qty: 2, gstBasisPoints: 1800 }, // 18% of 598.00 = 107.64
        { unitPricePaise: 5000, qty: 3, gstBasisPoints: 300 }, // 3% of 150.00 = 4.50
      ],
      false,
    );
    expect(amounts.taxPaise).toBe(10764 + 450);
    expect(amounts.totalPaise).toBe(74800 + 0 + 10764 + 450);
  });

  it('rounds each line half up before adding, so the tax is the sum of what the lines show', () => {
    // 3% of ₹0.50 = 1.5 paise -> 2 paise, twice: 4 paise (3% of the ₹1.00 together would be 3)
    const lines = [
      { unitPricePaise: 50, qty: 1, gstBasisPoints: 300 },
      { unitPricePaise: 50, qty: 1, gstBasisPoints: 300 },
    ];
    expect(lines.map(lineTaxPaise)).toEqual([2, 2]);
    expect(priceOrder(lines, false).taxPaise).toBe(4);
  });

  it("taxes the line's items together, not unit by unit", () => {
    // 3% of 3 × ₹0.50 = 4.5 paise -> 5 paise (unit by unit it would be 6)
    expect(lineTaxPaise({ unitPricePaise: 50, qty: 3, gstBasisPoints: 300 })).toBe(5);
  });

  it('handles 0.25% (cut and semi-precious stones) to the paisa', () => {
    // 0.25% of ₹1,000.00 = ₹2.50; 0.25% of ₹2.00 = 0.5 paise -> 1 paisa; of ₹1.99 = 0.4975 -> 0
    expect(lineTaxPaise({ unitPricePaise: 100000, qty: 1, gstBasisPoints: 25 })).toBe(250);
    expect(lineTaxPaise({ unitPricePaise: 200, qty: 1, gstBasisPoints: 25 })).toBe(1);
    expect(lineTaxPaise({ unitPricePaise: 199, qty: 1, gstBasisPoints: 25 })).toBe(0);
  });

  it('charges no tax on a 0% line, and keeps the online discount on items only', () => {
    const amounts = priceOrder([{ unitPricePaise: 50000, qty: 1, gstBasisPoints: 0 }], true);
    expect(amounts.taxPaise).toBe(0);
    expect(amounts.discountPaise).toBe(5000);
    expect(amounts.totalPaise).toBe(45000);
  });
});

describe('unitPriceWithGstPaise', () => {
  it('adds 18% by default and the given rate otherwise', () => {
    expect(unitPriceWithGstPaise(10000)).toBe(11800);
    expect(unitPriceWithGstPaise(10000, 300)).toBe(10300);
    expect(unitPriceWithGstPaise(10000, 25)).toBe(10025);
    expect(unitPriceWithGstPaise(10000, 0)).toBe(10000);
  });
});
