import type { CartItem } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { orderLine } from './api.ts';
import { lineToday, pricesLine, quoteLineFor, type QuoteLine } from './quote-lines.ts';

const item = (over: Partial<CartItem> = {}): CartItem => ({
  product: 'p1',
  name: 'Nepal 5 Mukhi',
  image: '/x.svg',
  price: 1601,
  countInStock: 4,
  qty: 2,
  variant: 'v20',
  variantName: '20 mm',
  addOns: [{ _id: 'puja', name: 'Energisation', price: 251, values: { Name: 'Ramesh' } }],
  ...over,
});

const quoteLine = (over: Partial<QuoteLine> = {}): QuoteLine => ({
  product: 'p1',
  name: 'Nepal 5 Mukhi',
  image: '/x.svg',
  price: 1601,
  countInStock: 4,
  qty: 2,
  mrp: null,
  hsnCode: '14049090',
  uqc: 'NOS',
  gstPercent: 3,
  discount: 0,
  taxableValue: 3202,
  taxPrice: 96.06,
  variant: { _id: 'v20', name: '20 mm' },
  addOns: [{ _id: 'puja', name: 'Energisation', price: 251, values: { Name: 'Ramesh' } }],
  returnable: false,
  ...over,
});

describe('matching quote lines to cart lines (issue 25)', () => {
  it('matches the same product, variant and add-ons with their text only', () => {
    expect(pricesLine(item(), quoteLine())).toBe(true);
    expect(pricesLine(item(), quoteLine({ variant: { _id: 'v22', name: '22 mm' } }))).toBe(false);
    expect(pricesLine(item(), quoteLine({ addOns: [] }))).toBe(false);
    expect(
      pricesLine(item(), quoteLine({ addOns: [{ _id: 'puja', name: 'E', price: 251, values: { Name: 'Suresh' } }] })),
    ).toBe(false);
  });

  it('takes a line saved without a variant as the default the quote names', () => {
    expect(pricesLine(item({ variant: undefined, addOns: undefined }), quoteLine({ addOns: [] }))).toBe(true);
    expect(pricesLine(item({ variant: undefined, addOns: undefined }), quoteLine())).toBe(false);
  });

  it('finds the line of each of two lines of one product', () => {
    const quote = {
      lines: [quoteLine({ countInStock: 1 }), quoteLine({ variant: { _id: 'v22', name: '22 mm' }, countInStock: 7 })],
    };
    expect(quoteLineFor(item({ variant: 'v22' }), quote as never)?.countInStock).toBe(7);
    expect(quoteLineFor(item(), quote as never)?.countInStock).toBe(1);
  });

  it("brings the line's price, stock, variant name and extras' prices up to today's", () => {
    const today = lineToday(
      item(),
      quoteLine({
        price: 1700,
        countInStock: 3,
        variant: { _id: 'v20', name: '20 mm (large)' },
        addOns: [{ _id: 'puja', name: 'Energisation puja', price: 300, values: { Name: 'Ramesh' } }],
      }),
    );
    expect(today).toEqual(
      item({
        price: 1700,
        countInStock: 3,
        variantName: '20 mm (large)',
        addOns: [{ _id: 'puja', name: 'Energisation puja', price: 300, values: { Name: 'Ramesh' } }],
      }),
    );
  });
});

describe("lineToday's Hindi names (issue 30)", () => {
  const hindiItem = item({
    nameHi: 'पंचमुखी',
    variantNameHi: '20 मिमी',
    addOns: [
      {
        _id: 'puja',
        name: 'Energisation',
        nameHi: 'अभिमंत्रण',
        price: 251,
        values: { Name: 'Ramesh' },
        fieldNamesHi: { Name: 'नाम' },
      },
    ],
  });

  it("takes the product's, the variant's and the extras' Hindi names and field labels the quote says today", () => {
    const today = lineToday(
      item(),
      quoteLine({
        nameHi: 'पंचमुखी',
        variant: { _id: 'v20', name: '20 mm', nameHi: '20 मिमी' },
        addOns: [
          {
            _id: 'puja',
            name: 'Energisation',
            nameHi: 'अभिमंत्रण',
            price: 251,
            values: { Name: 'Ramesh' },
            fieldNamesHi: { Name: 'नाम' },
          },
        ],
      }),
    );
    expect(today).toEqual(hindiItem);
  });

  it('drops a Hindi name the shop no longer has, so the English one shows', () => {
    const today = lineToday(hindiItem, quoteLine());
    expect(today).toEqual(item());
    expect(today).not.toHaveProperty('nameHi');
    expect(today).not.toHaveProperty('variantNameHi');
    expect(today.addOns![0]).not.toHaveProperty('fieldNamesHi');
  });
});

describe('orderLine', () => {
  it('sends the variant and the add-ons with their text, and only product and qty for a plain line', () => {
    expect(orderLine(item())).toEqual({
      product: 'p1',
      qty: 2,
      variant: 'v20',
      addOns: [{ _id: 'puja', values: { Name: 'Ramesh' } }],
    });
    expect(orderLine(item({ variant: undefined, variantName: undefined, addOns: undefined }))).toEqual({
      product: 'p1',
      qty: 2,
    });
  });
});
