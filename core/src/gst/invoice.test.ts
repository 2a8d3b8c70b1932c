import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_PERCENTS } from '../constants.ts';
import { couponRuleFor, saleRulesFor } from '../offer-rules.ts';
import { ONLINE_DISCOUNT_RULE, buildQuote, rulesFor, type QuoteLineInput } from '../quote.ts';
import {
  COD_FEE_LINE_DESCRIPTION,
  InvoiceAmountsError,
  OTHER_UQC,
  SHIPPING_LINE_DESCRIPTION,
  computeInvoice,
  formatGstRate,
} from './invoice.ts';
import { GST_STATES, gstStateByName, type GstState } from './states.ts';

const MAHARASHTRA = gstStateByName('Maharashtra')!;
const KARNATAKA = gstStateByName('Karnataka')!;

type LineFacts = Pick<QuoteLineInput, 'unitPricePaise' | 'qty' | 'gstBasisPoints' | 'hsnCode'> & { uqc?: string };

/** An order's quote as the shop stores it. */
function quoteOf(lines: readonly LineFacts[], paidOnline: boolean) {
  return buildQuote(
    lines.map((line, i) => ({
      productId: `p${i}`,
      name: `Item ${i + 1}`,
      image: '',
      mrpPaise: null,
      uqc: 'NOS',
      ...line,
    })),
    rulesFor(paidOnline),
  );
}

describe('computeInvoice', () => {
  it('splits an intra-state order into CGST and SGST, half each, with the UQC', () => {
    const quote = quoteOf(
      [{ unitPricePaise: 1500_00, qty: 2, gstBasisPoints: 1800, hsnCode: '1404', uqc: 'PRS' }],
      false,
    );
    const invoice = computeInvoice(quote, MAHARASHTRA, MAHARASHTRA);
    expect(invoice.supplyType).toBe('intra-state');
    expect(invoice.lines).toEqual([
      {
        kind: 'goods',
        description: 'Item 1',
        hsnCode: '1404',
        uqc: 'PRS',
        qty: 2,
        unitPricePaise: 1500_00,
        grossPaise: 3000_00,
        discountPaise: 0,
        taxableValuePaise: 3000_00,
        gstBasisPoints: 1800,
        cgstPaise: 270_00,
        sgstPaise: 270_00,
        igstPaise: 0,
        taxPaise: 540_00,
        amountPaise: 3540_00,
      },
    ]);
    expect(invoice.totals).toEqual({
      grossPaise: 3000_00,
      discountPaise: 0,
      discounts: [],
      taxableValuePaise: 3000_00,
      cgstPaise: 270_00,
      sgstPaise: 270_00,
      igstPaise: 0,
      taxPaise: 540_00,
      shippingTaxPaise: 0,
      afterTaxDiscountPaise: 0,
      totalPaise: 3540_00,
    });
  });

  it('charges IGST across states, and its GST is the order tax to the paisa', () => {
    const quote = quoteOf([{ unitPricePaise: 99_99, qty: 3, gstBasisPoints: 300, hsnCode: '7103' }], true);
    const invoice = computeInvoice(quote, MAHARASHTRA, KARNATAKA);
    expect(invoice.supplyType).toBe('inter-state');
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBe(0);
    expect(invoice.totals.igstPaise).toBe(quote.amounts.taxPaise);
    expect(invoice.totals.totalPaise).toBe(quote.amounts.totalPaise);
  });

  it('shows the online discount on the line, before GST, inside the taxable value', () => {
    const quote = quoteOf([{ unitPricePaise: 500_00, qty: 1, gstBasisPoints: 1800, hsnCode: '1404' }], true);
    const [line] = computeInvoice(quote, MAHARASHTRA, MAHARASHTRA).lines;
    expect(line).toMatchObject({
      grossPaise: 500_00,
      discountPaise: 50_00,
      taxableValuePaise: 450_00,
      taxPaise: 81_00,
    });
  });

  it('adds shipping as its own line, taxed at the principal supply, whose GST is in the order tax', () => {
    const quote = quoteOf(
      [
        { unitPricePaise: 40_00, qty: 1, gstBasisPoints: 1800, hsnCode: '1404' },
        { unitPricePaise: 50_00, qty: 1, gstBasisPoints: 300, hsnCode: '7103' },
      ],
      false,
    );
    const invoice = computeInvoice(quote, MAHARASHTRA, MAHARASHTRA);
    const shipping = invoice.lines.at(-1)!;
    expect(shipping).toMatchObject({
      kind: 'shipping',
      description: SHIPPING_LINE_DESCRIPTION,
      hsnCode: '7103',
      uqc: OTHER_UQC,
      taxableValuePaise: 100_00,
      gstBasisPoints: 300,
      taxPaise: 3_00,
    });
    expect(invoice.totals.shippingTaxPaise).toBe(3_00);
    expect(invoice.totals.taxPaise).toBe(quote.amounts.taxPaise);
    expect(invoice.totals.totalPaise).toBe(quote.amounts.totalPaise);
  });

  it('adds the COD fee as a line after the shipping, taxed as the shipping, inside the total (issue 27)', () => {
    const lines: QuoteLineInput[] = [
      {
        productId: 'p0',
        name: 'Gem',
        image: '',
        mrpPaise: null,
        uqc: 'NOS',
        unitPricePaise: 2000_00,
        qty: 1,
        gstBasisPoints: 300,
        hsnCode: '7103',
      },
    ];
    const quote = buildQuote(lines, {
      adjustments: [],
      shippingChargePaise: 90_00,
      codFee: { flatPaise: 40_00, percent: 2 },
    });
    // 2% of the goods with GST (₹2,060) is ₹41.20, more than the flat ₹40.
    expect(quote.codFee).toEqual({ chargePaise: 41_20, gstBasisPoints: 300, hsnCode: '7103', taxPaise: 1_24 });
    const invoice = computeInvoice(quote, MAHARASHTRA, KARNATAKA);
    expect(invoice.lines.map((l) => l.description)).toEqual([
      'Gem',
      SHIPPING_LINE_DESCRIPTION,
      COD_FEE_LINE_DESCRIPTION,
    ]);
    expect(invoice.lines[2]).toMatchObject({
      kind: 'shipping',
      taxableValuePaise: 41_20,
      igstPaise: 1_24,
      hsnCode: '7103',
    });
    expect(invoice.totals.shippingTaxPaise).toBe(2_70 + 1_24);
    expect(invoice.totals.totalPaise).toBe(quote.amounts.totalPaise);
    expect(quote.amounts.shippingPaise).toBe(90_00 + 41_20);
  });

  it('keeps an order priced before the quote as it was: its online discount taken off after tax', () => {
    const quote = quoteOf([{ unitPricePaise: 500_00, qty: 1, gstBasisPoints: 1800, hsnCode: '1404' }], false);
    const legacy = {
      ...quote,
      afterTaxDiscountPaise: 50_00,
      amounts: { ...quote.amounts, discountPaise: 50_00, totalPaise: quote.amounts.totalPaise - 50_00 },
    };
    const invoice = computeInvoice(legacy, MAHARASHTRA, MAHARASHTRA);
    expect(invoice.totals).toMatchObject({ discountPaise: 0, afterTaxDiscountPaise: 50_00, totalPaise: 540_00 });
  });

  it('sums each discount by its label: sales, then the coupon, then the online discount', () => {
    const lines = [
      { productId: 'bead', name: 'Bead', category: 'rudraksha', unitPricePaise: 1000_00, qty: 2 },
      { productId: 'mala', name: 'Mala', category: 'mala', unitPricePaise: 500_00, qty: 1 },
      { productId: 'ring', name: 'Ring', category: 'gems', unitPricePaise: 300_00, qty: 1 },
    ].map((line) => ({ ...line, image: '', mrpPaise: null, uqc: 'NOS', hsnCode: '1404', gstBasisPoints: 300 }));
    const diwali = { _id: 's1', name: 'Diwali Sale', percentOff: 20, endsAt: '2099-01-01T00:00:00Z' };
    const sales = saleRulesFor(
      [
        { ...diwali, categories: ['rudraksha', 'mala'], products: [] },
        { ...diwali, _id: 's2', name: 'Gem Week', percentOff: 5, categories: ['gems'], products: [] },
      ],
      lines,
    );
    const coupon = couponRuleFor({
      id: 'c1',
      ...{ code: 'DIWALI10', percentOff: 10, amountOffPaise: null, freeShipping: false },
      ...{ categories: [], productIds: [] },
    });
    // The online discount's rule before the coupon's in the list: the invoice still lists it last.
    const quote = buildQuote(lines, { adjustments: [...sales, ONLINE_DISCOUNT_RULE, coupon] });
    const invoice = computeInvoice(quote, MAHARASHTRA, MAHARASHTRA);
    // 20% of 2,500.00 = 500.00; 5% of 300.00 = 15.00; then 10% of 2,285.00 = 228.50; then 10% of 2,056.50.
    expect(invoice.totals.discounts).toEqual([
      { kind: 'sale', label: 'Diwali Sale (20% off)', amountPaise: 500_00 },
      { kind: 'sale', label: 'Gem Week (5% off)', amountPaise: 15_00 },
      { kind: 'coupon', label: 'Coupon DIWALI10 (10% off)', amountPaise: 205_65 },
      { kind: 'online_discount', label: 'Online payment discount (10%)', amountPaise: 228_50 },
    ]);
    const labelled = invoice.totals.discounts.reduce((sum, d) => sum + d.amountPaise, 0);
    expect(labelled).toBe(invoice.totals.discountPaise);
    expect(invoice.totals.grossPaise - labelled).toBe(invoice.totals.taxableValuePaise);
    expect(invoice.shippingWaived).toBeNull();
  });

  it('leaves what unlabelled lines took off out of the labels, and refuses labels above a line discount', () => {
    const quote = quoteOf([{ unitPricePaise: 500_00, qty: 1, gstBasisPoints: 1800, hsnCode: '1404' }], true);
    const unlabelled = { ...quote, lines: quote.lines.map((line) => ({ ...line, adjustments: [] })) };
    const invoice = computeInvoice(unlabelled, MAHARASHTRA, MAHARASHTRA);
    expect(invoice.totals).toMatchObject({ discountPaise: 50_00, discounts: [] });
    const tooMuch = {
      ...quote,
      lines: quote.lines.map((line) => ({
        ...line,
        adjustments: [{ kind: 'coupon' as const, label: 'Coupon X (₹60 off)', amountPaise: 60_00 }],
      })),
    };
    expect(() => computeInvoice(tooMuch, MAHARASHTRA, MAHARASHTRA)).toThrow(InvoiceAmountsError);
  });

  it('says a free-shipping coupon waived the shipping charge, from a quote and from a stored order', () => {
    const line = { unitPricePaise: 80_00, qty: 1, gstBasisPoints: 1800, hsnCode: '1404' };
    const free = buildQuote(quoteOf([line], false).lines, { adjustments: [], freeShipping: true });
    const withCoupon = { ...free, coupon: { code: 'FREESHIP', discountPaise: 100_00 } };
    expect(computeInvoice(withCoupon, MAHARASHTRA, MAHARASHTRA).shippingWaived).toEqual({
      couponCode: 'FREESHIP',
      amountPaise: 100_00,
    });
    // An order keeps no waivedPaise: its coupon's discount is the charge, its lines carry no coupon share.
    const { waivedPaise: _dropped, ...stored } = free.shipping;
    const invoice = computeInvoice({ ...withCoupon, shipping: stored }, MAHARASHTRA, MAHARASHTRA);
    expect(invoice.shippingWaived).toEqual({ couponCode: 'FREESHIP', amountPaise: 100_00 });
    expect(invoice.lines.map((l) => l.kind)).toEqual(['goods']);
    // A percent coupon on an order whose shipping is free anyway waived nothing.
    const percent = buildQuote(quoteOf([{ ...line, unitPricePaise: 800_00 }], false).lines, {
      adjustments: [
        couponRuleFor({
          ...{ id: 'c', code: 'TEN', percentOff: 10, amountOffPaise: null, freeShipping: false },
          ...{ categories: [], productIds: [] },
        }),
      ],
    });
    const tenOff = { ...percent, coupon: { code: 'TEN', discountPaise: 80_00 } };
    expect(computeInvoice(tenOff, MAHARASHTRA, MAHARASHTRA).shippingWaived).toBeNull();
    expect(computeInvoice(quoteOf([line], false), MAHARASHTRA, MAHARASHTRA).shippingWaived).toBeNull();
  });

  it('refuses a stored quote whose figures do not add up', () => {
    const quote = quoteOf([{ unitPricePaise: 1000, qty: 1, gstBasisPoints: 1800, hsnCode: null }], false);
    const wrongTotal = { ...quote, amounts: { ...quote.amounts, totalPaise: quote.amounts.totalPaise + 1 } };
    expect(() => computeInvoice(wrongTotal, MAHARASHTRA, MAHARASHTRA)).toThrow(InvoiceAmountsError);
    const wrongLine = { ...quote, lines: [{ ...quote.lines[0]!, taxablePaise: 999 }] };
    expect(() => computeInvoice(wrongLine, MAHARASHTRA, MAHARASHTRA)).toThrow(InvoiceAmountsError);
    expect(() => computeInvoice({ ...quote, lines: [] }, MAHARASHTRA, MAHARASHTRA)).toThrow(InvoiceAmountsError);
  });

  it('equals the order total and tax to the paisa on random orders, in and across states', () => {
    const rate = fc.constantFrom(...GST_PERCENTS.map((p) => Math.round(p * 100)));
    const state = fc.constantFrom<GstState>(...GST_STATES);
    const lineArb = fc.record({
      unitPricePaise: fc.integer({ min: 1, max: 10_00_000_00 }),
      qty: fc.integer({ min: 1, max: 10 }),
      gstBasisPoints: rate,
      hsnCode: fc.constantFrom('1404', '7103', null),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        state,
        state,
        (lines, online, a, b) => {
          const quote = quoteOf(lines, online);
          const invoice = computeInvoice(quote, a, b);
          const t = invoice.totals;
          expect(t.totalPaise).toBe(quote.amounts.totalPaise);
          expect(t.taxPaise).toBe(quote.amounts.taxPaise);
          expect(t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(t.taxPaise);
          expect(Math.abs(t.cgstPaise - t.sgstPaise)).toBeLessThanOrEqual(1);
          for (const line of invoice.lines)
            expect(line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.taxPaise);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('formatGstRate', () => {
  it('prints percent without trailing zeros', () => {
    expect(formatGstRate(1800)).toBe('18%');
    expect(formatGstRate(900)).toBe('9%');
    expect(formatGstRate(25)).toBe('0.25%');
    expect(formatGstRate(12.5)).toBe('0.125%');
  });
});
