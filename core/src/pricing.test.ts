import { describe, expect, it } from 'vitest';
import { priceOrder } from './pricing.ts';

describe('priceOrder (SPEC §9)', () => {
  it('charges ₹100 shipping when items total exactly ₹100.00', () => {
    const amounts = priceOrder([{ unitPricePaise: 10000, qty: 1 }], false);
    expect(amounts).toEqual({
      itemsPaise: 10000,
      shippingPaise: 10000,
      taxPaise: 1800,
      discountPaise: 0,
      totalPaise: 21800,
    });
  });

  it('ships free once items are above ₹100 (₹100.01)', () => {
    const amounts = priceOrder([{ unitPricePaise: 10001, qty: 1 }], false);
    expect(amounts.shippingPaise).toBe(0);
    expect(amounts.taxPaise).toBe(1800); // 18% of 100.01 = 18.0018 -> 18.00
    expect(amounts.totalPaise).toBe(11801);
  });

  it('rounds 18% tax half up to the paisa', () => {
    // 18% of ₹0.25 = 4.5 paise -> 5 paise
    expect(priceOrder([{ unitPricePaise: 25, qty: 1 }], false).taxPaise).toBe(5);
    // 18% of ₹0.24 = 4.32 paise -> 4 paise
    expect(priceOrder([{ unitPricePaise: 24, qty: 1 }], false).taxPaise).toBe(4);
  });

  it('sums lines by quantity', () => {
    const amounts = priceOrder(
      [
        { unitPricePaise: 29900, qty: 2 },
        { unitPricePaise: 5000, qty: 3 },
      ],
      false,
    );
    expect(amounts.itemsPaise).toBe(74800);
  });

  it('takes 10% of items off for online payment, before shipping and tax are added', () => {
    const amounts = priceOrder([{ unitPricePaise: 50000, qty: 1 }], true);
    expect(amounts.discountPaise).toBe(5000);
    expect(amounts.taxPaise).toBe(9000); // tax stays 18% of the items price
    expect(amounts.totalPaise).toBe(50000 - 5000 + 0 + 9000);
  });

  it('decides shipping on the items price, not the discounted one', () => {
    const amounts = priceOrder([{ unitPricePaise: 10500, qty: 1 }], true);
    expect(amounts.shippingPaise).toBe(0);
    expect(amounts.discountPaise).toBe(1050);
  });

  it('prices an empty order at shipping only', () => {
    expect(priceOrder([], false).totalPaise).toBe(10000);
  });
});
