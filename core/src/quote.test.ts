import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestSaleFor, couponRuleFor, salePricePaise, saleRulesFor, type SaleOffer } from './offer-rules.ts';
import { lowestMrpPaise } from './pricing.ts';
import {
  apportion,
  buildQuote,
  rulesFor,
  splitGst,
  storedQuote,
  type AdjustmentKind,
  type AdjustmentRule,
  type QuoteLineInput,
  type QuoteRules,
} from './quote.ts';

const line = (unitPricePaise: number, qty = 1, gstBasisPoints = 1800, productId = 'p1'): QuoteLineInput => ({
  productId,
  name: `Product ${productId}`,
  image: '/images/x.svg',
  unitPricePaise,
  mrpPaise: null,
  qty,
  hsnCode: '1404',
  uqc: 'NOS',
  gstBasisPoints,
});

describe('buildQuote: SPEC §9 where the law allows', () => {
  it('charges ₹100 shipping before GST when the items are exactly ₹100, taxed at the goods rate', () => {
    const quote = buildQuote([line(10000)], rulesFor(false));
    expect(quote.shipping).toEqual({ chargePaise: 10000, gstBasisPoints: 1800, hsnCode: '1404', taxPaise: 1800 });
    // items 100 + shipping 100 + GST 18 (goods) + 18 (shipping)
    expect(quote.amounts).toEqual({
      itemsPaise: 10000,
      shippingPaise: 10000,
      taxPaise: 3600,
      discountPaise: 0,
      totalPaise: 23600,
    });
  });

  it('ships free above ₹100 of items (₹100.01), deciding on the items before any discount', () => {
    expect(buildQuote([line(10001)], rulesFor(false)).amounts.shippingPaise).toBe(0);
    const online = buildQuote([line(10500)], rulesFor(true));
    expect(online.amounts.shippingPaise).toBe(0);
    expect(online.amounts.discountPaise).toBe(1050);
  });

  it('takes the online discount off the value before GST (CGST Act s.15(3)(a))', () => {
    const quote = buildQuote([line(50000)], rulesFor(true));
    // 10% of ₹500 = ₹50 off; GST is 18% of ₹450 = ₹81, not 18% of ₹500
    expect(quote.lines[0]).toMatchObject({
      grossPaise: 50000,
      discountPaise: 5000,
      taxablePaise: 45000,
      taxPaise: 8100,
    });
    expect(quote.lines[0]!.adjustments).toEqual([
      {
        kind: 'online_discount',
        label: 'Online payment discount (10%)',
        amountPaise: 5000,
        terms: { percentOff: 10 },
      },
    ]);
    expect(quote.amounts).toEqual({
      itemsPaise: 50000,
      shippingPaise: 0,
      taxPaise: 8100,
      discountPaise: 5000,
      totalPaise: 53100,
    });
  });

  it('taxes shipping at the principal supply: the line of the largest value before adjustments', () => {
    const quote = buildQuote([line(2000, 1, 1800, 'a'), line(5000, 1, 300, 'b')], rulesFor(false));
    expect(quote.shipping).toMatchObject({ gstBasisPoints: 300, taxPaise: 300 });
    // A discount on one product does not move the charge to another line's higher rate.
    const scoped = buildQuote([line(4000, 1, 0, 'a'), line(4500, 1, 2800, 'b')], {
      adjustments: [{ kind: 'online_discount', label: 'x', percentOff: 20, productIds: new Set(['b']) }],
    });
    expect(scoped.lines.map((l) => l.taxablePaise)).toEqual([4000, 3600]);
    expect(scoped.shipping).toMatchObject({ gstBasisPoints: 2800, chargePaise: 10000 });
    const offTheLarger = buildQuote([line(5000, 1, 0, 'a'), line(4500, 1, 2800, 'b')], {
      adjustments: [{ kind: 'online_discount', label: 'x', percentOff: 20, productIds: new Set(['a']) }],
    });
    expect(offTheLarger.shipping.gstBasisPoints).toBe(0);
    // equal values: the higher rate is the principal supply
    const tie = buildQuote([line(3000, 1, 300, 'a'), line(3000, 1, 1800, 'b')], rulesFor(false));
    expect(tie.shipping.gstBasisPoints).toBe(1800);
  });

  it('rounds each line half up before adding, and the order tax is the sum of what the lines show', () => {
    // 3% of ₹0.50 = 1.5 paise -> 2, twice: 4 paise (3% of ₹1.00 together would be 3)
    const quote = buildQuote([line(50, 1, 300, 'a'), line(50, 1, 300, 'b')], rulesFor(false));
    expect(quote.lines.map((l) => l.taxPaise)).toEqual([2, 2]);
    expect(quote.amounts.taxPaise).toBe(4 + quote.shipping.taxPaise);
  });

  it("taxes a line's units together (3% of 3 × ₹0.50 = 4.5 paise -> 5) and handles 0.25% and 0%", () => {
    expect(buildQuote([line(50, 3, 300)], rulesFor(false)).lines[0]!.taxPaise).toBe(5);
    expect(buildQuote([line(100000, 1, 25)], rulesFor(false)).lines[0]!.taxPaise).toBe(250);
    expect(buildQuote([line(199, 1, 25)], rulesFor(false)).lines[0]!.taxPaise).toBe(0);
    expect(buildQuote([line(50000, 1, 0)], rulesFor(true)).amounts.totalPaise).toBe(45000);
  });

  it('shares a discount over lines by value, to the paisa, the larger remainder first', () => {
    // 10% of ₹0.33 = 3.3 -> 3 paise over 11 + 11 + 11: one each
    const quote = buildQuote([line(11, 1, 0, 'a'), line(11, 1, 0, 'b'), line(11, 1, 0, 'c')], rulesFor(true));
    expect(quote.lines.map((l) => l.discountPaise)).toEqual([1, 1, 1]);
    expect(apportion(5, [1, 1, 1])).toEqual([2, 2, 1]);
    expect(apportion(7, [100, 0, 300])).toEqual([2, 0, 5]);
  });

  it('applies an adjustment only to the lines it covers', () => {
    const rule: AdjustmentRule = { kind: 'online_discount', label: 'x', percentOff: 50, productIds: new Set(['b']) };
    const quote = buildQuote([line(1000, 1, 0, 'a'), line(1000, 1, 0, 'b')], { adjustments: [rule] });
    expect(quote.lines.map((l) => l.discountPaise)).toEqual([0, 500]);
    expect(quote.lines[0]!.adjustments).toEqual([]);
  });

  it('refuses a line no shop could sell', () => {
    expect(() => buildQuote([line(100, 0)], rulesFor(false))).toThrow(RangeError);
    expect(() => buildQuote([line(-1)], rulesFor(false))).toThrow(RangeError);
  });
});

describe('storedQuote', () => {
  it('reads back a quote as stored, and an old order’s discount not on its lines as taken after tax', () => {
    const quote = buildQuote([line(1000, 2, 1800, 'a'), line(500, 1, 300, 'b')], rulesFor(true));
    expect(storedQuote(quote.lines, quote.shipping, quote.amounts)).toEqual({ ...quote, coupon: null });
    const plain = buildQuote([line(50000)], rulesFor(false));
    const old = { ...plain.amounts, discountPaise: 5000, totalPaise: plain.amounts.totalPaise - 5000 };
    expect(storedQuote(plain.lines, plain.shipping, old)).toMatchObject({
      adjustments: [],
      afterTaxDiscountPaise: 5000,
    });
  });
});

describe('splitGst', () => {
  it('halves each tax within a state, the odd paisa to CGST then SGST in turn; IGST across states', () => {
    expect(splitGst([9, 7, 4], 'intra-state')).toEqual([
      { cgstPaise: 5, sgstPaise: 4, igstPaise: 0 },
      { cgstPaise: 3, sgstPaise: 4, igstPaise: 0 },
      { cgstPaise: 2, sgstPaise: 2, igstPaise: 0 },
    ]);
    expect(splitGst([9], 'inter-state')).toEqual([{ cgstPaise: 0, sgstPaise: 0, igstPaise: 9 }]);
  });
});

const RATES = [0, 25, 300, 500, 1200, 1800, 2800];

const arbitraryLine = fc
  .record({
    unitPricePaise: fc.integer({ min: 1, max: 10_00_000_00 / 100 }),
    qty: fc.integer({ min: 1, max: 20 }),
    gstBasisPoints: fc.constantFrom(...RATES),
    mrpExtra: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
  })
  .map(({ mrpExtra, ...l }) => ({
    ...line(l.unitPricePaise, l.qty, l.gstBasisPoints),
    mrpPaise: mrpExtra === null ? null : lowestMrpPaise(l.unitPricePaise, l.gstBasisPoints) + mrpExtra,
  }));

const arbitraryCart = fc
  .array(fc.tuple(arbitraryLine, fc.constantFrom(...['rudraksha', 'gems', 'mala'])), { minLength: 1, maxLength: 12 })
  .map((lines) => lines.map(([l, category], i) => ({ ...l, productId: `p${i}`, category })));

const CATEGORIES = ['rudraksha', 'gems', 'mala'];

/** Any mix of the offers' rules: sales (per unit), percent and amount coupons, the online discount. */
const arbitraryRule: fc.Arbitrary<AdjustmentRule> = fc
  .record({
    kind: fc.constantFrom<AdjustmentKind>('sale', 'coupon', 'online_discount'),
    percentOff: fc.integer({ min: 0, max: 100 }),
    amountOffPaise: fc.option(fc.integer({ min: 0, max: 5_00_000_00 }), { nil: null }),
    covers: fc.option(fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 6 }), { nil: null }),
    categories: fc.option(fc.subarray(CATEGORIES), { nil: null }),
  })
  .map(({ kind, percentOff, amountOffPaise, covers, categories }) => ({
    kind,
    label: `${kind} ${percentOff}`,
    ...(kind === 'coupon' && amountOffPaise !== null ? { amountOffPaise } : { percentOff }),
    ...(kind === 'sale' ? { perUnit: true, productLinesOnly: true } : {}),
    ...(covers ? { productIds: new Set(covers.map((i) => `p${i}`)) } : {}),
    ...(categories ? { categories: new Set(categories) } : {}),
  }));

// Issue 27: a rate card's freight (else SPEC's rule) and, for Cash on Delivery, a COD fee.
const arbitraryRules: fc.Arbitrary<QuoteRules> = fc
  .record({
    adjustments: fc.array(arbitraryRule, { maxLength: 4 }),
    freeShipping: fc.boolean(),
    shippingChargePaise: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
    codFee: fc.option(
      fc.record({ flatPaise: fc.integer({ min: 0, max: 10_000 }), percent: fc.integer({ min: 0, max: 5 }) }),
      { nil: null },
    ),
  })
  .map(({ adjustments, freeShipping, shippingChargePaise, codFee }) => ({
    adjustments,
    ...(freeShipping ? { freeShipping } : {}),
    ...(shippingChargePaise !== null ? { shippingChargePaise } : {}),
    ...(codFee ? { codFee } : {}),
  }));

describe('buildQuote: properties over random carts, rates and adjustments', () => {
  it('lines add up to the amounts, and the amounts to the total', () => {
    fc.assert(
      fc.property(arbitraryCart, arbitraryRules, (cart, rules) => {
        const q = buildQuote(cart, rules);
        const sum = (pick: (l: (typeof q.lines)[number]) => number) => q.lines.reduce((s, l) => s + pick(l), 0);
        expect(q.amounts.itemsPaise).toBe(sum((l) => l.grossPaise));
        expect(q.amounts.discountPaise).toBe(sum((l) => l.discountPaise));
        expect(q.amounts.discountPaise).toBe(q.adjustments.reduce((s, a) => s + a.amountPaise, 0));
        const cod = q.codFee ?? { chargePaise: 0, taxPaise: 0 };
        expect(q.amounts.shippingPaise).toBe(q.shipping.chargePaise + cod.chargePaise);
        expect(q.amounts.taxPaise).toBe(sum((l) => l.taxPaise) + q.shipping.taxPaise + cod.taxPaise);
        expect(q.amounts.totalPaise).toBe(
          sum((l) => l.taxablePaise + l.taxPaise) +
            q.shipping.chargePaise +
            q.shipping.taxPaise +
            cod.chargePaise +
            cod.taxPaise,
        );
        // The COD fee is taxed as the shipping is (the principal supply's rate), and only when asked for.
        if (q.codFee) expect(q.codFee.gstBasisPoints).toBe(q.shipping.gstBasisPoints);
        if (!rules.codFee) expect(q.codFee).toBeUndefined();
        if (rules.shippingChargePaise !== undefined && !rules.freeShipping) {
          expect(q.shipping.chargePaise).toBe(rules.shippingChargePaise);
        }
        for (const l of q.lines) {
          expect(l.taxablePaise).toBe(l.grossPaise - l.discountPaise);
          expect(l.discountPaise).toBe(l.adjustments.reduce((s, a) => s + a.amountPaise, 0));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never gives a negative taxable value or tax, and every figure is whole paise', () => {
    fc.assert(
      fc.property(arbitraryCart, arbitraryRules, (cart, rules) => {
        const q = buildQuote(cart, rules);
        for (const l of q.lines) {
          expect(l.taxablePaise).toBeGreaterThanOrEqual(0);
          expect(l.taxPaise).toBeGreaterThanOrEqual(0);
          for (const v of [l.taxablePaise, l.taxPaise, l.discountPaise]) expect(Number.isSafeInteger(v)).toBe(true);
        }
        expect(q.amounts.totalPaise).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('never charges a line above quantity × MRP (an MRP the catalog allows)', () => {
    fc.assert(
      fc.property(arbitraryCart, arbitraryRules, (cart, rules) => {
        for (const l of buildQuote(cart, rules).lines) {
          if (l.mrpPaise !== null) expect(l.taxablePaise + l.taxPaise).toBeLessThanOrEqual(l.mrpPaise * l.qty);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a discount only lowers: no line costs more with adjustments than without', () => {
    fc.assert(
      fc.property(arbitraryCart, arbitraryRules, (cart, rules) => {
        const plain = buildQuote(cart, { ...rules, adjustments: [], freeShipping: false });
        const adjusted = buildQuote(cart, rules);
        adjusted.lines.forEach((l, i) => {
          expect(l.taxablePaise + l.taxPaise).toBeLessThanOrEqual(
            plain.lines[i]!.taxablePaise + plain.lines[i]!.taxPaise,
          );
        });
        expect(adjusted.amounts.totalPaise).toBeLessThanOrEqual(plain.amounts.totalPaise);
      }),
      { numRuns: 300 },
    );
  });

  it('splits GST into parts that add up to each tax, CGST and SGST at most a paisa apart', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 20 }), (taxes) => {
        const parts = splitGst(taxes, 'intra-state');
        parts.forEach((p, i) => expect(p.cgstPaise + p.sgstPaise).toBe(taxes[i]));
        const cgst = parts.reduce((s, p) => s + p.cgstPaise, 0);
        const sgst = parts.reduce((s, p) => s + p.sgstPaise, 0);
        expect(Math.abs(cgst - sgst)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('festival offers on the quote (issue 26)', () => {
  const arbitrarySales = fc.array(
    fc.record({
      _id: fc.uuid(),
      name: fc.constantFrom('Diwali Sale', 'Shravan Sale'),
      percentOff: fc.integer({ min: 1, max: 90 }),
      endsAt: fc.constantFrom('2026-11-01T18:29:59.999Z', '2026-11-15T18:29:59.999Z'),
      categories: fc.subarray(CATEGORIES),
      products: fc.subarray(['p0', 'p1', 'p2', 'p3']),
    }),
    { maxLength: 4 },
  );

  it('prices each sale line at exactly the sale price the pages show, times its qty, at its best sale only', () => {
    fc.assert(
      fc.property(arbitraryCart, arbitrarySales, (cart, sales: SaleOffer[]) => {
        const q = buildQuote(cart, { adjustments: saleRulesFor(sales, cart) });
        q.lines.forEach((l) => {
          const best = bestSaleFor(sales, { id: l.productId, category: l.category ?? '' });
          expect(l.adjustments.length).toBeLessThanOrEqual(1);
          const unit = best ? salePricePaise(l.unitPricePaise, best.percentOff) : l.unitPricePaise;
          expect(l.taxablePaise).toBe(unit * l.qty);
          if (l.discountPaise > 0) expect(l.adjustments[0]!.sourceId).toBe(best!._id);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('an amount coupon takes its amount off the lines it covers, or all they are worth when less', () => {
    fc.assert(
      fc.property(
        arbitraryCart,
        fc.integer({ min: 1, max: 1_00_000_00 }),
        fc.subarray(CATEGORIES),
        (cart, amount, cats) => {
          const rule = couponRuleFor({
            id: 'c1',
            code: 'SAVE',
            percentOff: null,
            amountOffPaise: amount,
            freeShipping: false,
            categories: cats,
            productIds: [],
          });
          const q = buildQuote(cart, { adjustments: [rule] });
          const covered = cart.filter((l) => cats.length === 0 || cats.includes(l.category));
          const worth = covered.reduce((sum, l) => sum + l.unitPricePaise * l.qty, 0);
          expect(q.amounts.discountPaise).toBe(Math.min(amount, worth));
          q.lines.forEach((l, i) => {
            if (!covered.includes(cart[i]!)) expect(l.discountPaise).toBe(0);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a free-shipping code waives exactly the charge and nothing else', () => {
    fc.assert(
      fc.property(arbitraryCart, arbitraryRules, (cart, rules) => {
        const charged = buildQuote(cart, { adjustments: rules.adjustments });
        const waived = buildQuote(cart, { adjustments: rules.adjustments, freeShipping: true });
        expect(waived.shipping.chargePaise).toBe(0);
        expect(waived.shipping.waivedPaise ?? 0).toBe(charged.shipping.chargePaise);
        expect(waived.amounts.totalPaise).toBe(
          charged.amounts.totalPaise - charged.shipping.chargePaise - charged.shipping.taxPaise,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('stacking never takes more than a line is worth, in any order of rules', () => {
    fc.assert(
      fc.property(arbitraryCart, arbitraryRules, (cart, rules) => {
        const q = buildQuote(cart, rules);
        q.lines.forEach((l) => expect(l.discountPaise).toBeLessThanOrEqual(l.grossPaise));
        const reversed = buildQuote(cart, { ...rules, adjustments: [...rules.adjustments].reverse() });
        reversed.lines.forEach((l) => expect(l.taxablePaise).toBeGreaterThanOrEqual(0));
      }),
      { numRuns: 300 },
    );
  });
});
