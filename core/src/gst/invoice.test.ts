import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_PERCENTS } from '../constants.ts';
import { lineTaxPaise, priceOrder } from '../pricing.ts';
import {
  InvoiceAmountsError,
  SHIPPING_LINE_DESCRIPTION,
  computeInvoice,
  formatGstRate,
  splitTaxInclusive,
  type InvoiceOrder,
  type InvoiceOrderLine,
} from './invoice.ts';
import { GST_STATES, gstStateByName, type GstState } from './states.ts';

const MAHARASHTRA = gstStateByName('Maharashtra')!;
const KARNATAKA = gstStateByName('Karnataka')!;

/** An order as the shop stores it: priced by core's priceOrder, each line with its own tax. */
function orderOf(
  lines: readonly Omit<InvoiceOrderLine, 'taxPaise' | 'description'>[],
  paidOnline: boolean,
): InvoiceOrder {
  const amounts = priceOrder(lines, paidOnline);
  return {
    lines: lines.map((line, i) => ({ ...line, description: `Item ${i + 1}`, taxPaise: lineTaxPaise(line) })),
    ...amounts,
  };
}

describe('computeInvoice', () => {
  it('splits an intra-state order into CGST and SGST, half each', () => {
    const order = orderOf([{ unitPricePaise: 1500_00, qty: 2, gstBasisPoints: 1800, hsnCode: '1404' }], false);
    const invoice = computeInvoice(order, MAHARASHTRA, MAHARASHTRA);
    expect(invoice.supplyType).toBe('intra-state');
    expect(invoice.lines).toEqual([
      {
        kind: 'goods',
        description: 'Item 1',
        hsnCode: '1404',
        qty: 2,
        uqc: 'NOS',
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
      taxableValuePaise: 3000_00,
      cgstPaise: 270_00,
      sgstPaise: 270_00,
      igstPaise: 0,
      taxPaise: 540_00,
      itemsTaxPaise: 540_00,
      shippingTaxPaise: 0,
      afterTaxDiscountPaise: 0,
      totalPaise: 3540_00,
    });
  });

  it('charges IGST when the place of supply is another state', () => {
    const order = orderOf([{ unitPricePaise: 1500_00, qty: 2, gstBasisPoints: 1800, hsnCode: '1404' }], true);
    const invoice = computeInvoice(order, MAHARASHTRA, KARNATAKA);
    expect(invoice.supplyType).toBe('inter-state');
    expect(invoice.lines[0]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 540_00 });
    expect(invoice.totals).toMatchObject({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 540_00,
      afterTaxDiscountPaise: 300_00,
    });
    // Taken after tax (the orders before issue 24): nothing comes off the taxable value.
    expect(invoice.totals).toMatchObject({ grossPaise: 3000_00, discountPaise: 0, taxableValuePaise: 3000_00 });
    // SPEC: 3000 - 300 discount + 540 tax.
    expect(invoice.totals.totalPaise).toBe(3240_00);
  });

  it('gives the odd paisa of a line to CGST, then SGST, in turn', () => {
    // 18% of 0.25, 0.35 and 0.45: 5, 6 and 8 paise (4.5, 6.3, 8.1 rounded).
    const order = orderOf(
      [
        { unitPricePaise: 25, qty: 1, gstBasisPoints: 1800, hsnCode: '7103' },
        { unitPricePaise: 35, qty: 1, gstBasisPoints: 1800, hsnCode: '7103' },
        { unitPricePaise: 45, qty: 1, gstBasisPoints: 1800, hsnCode: '7103' },
        { unitPricePaise: 1, qty: 39, gstBasisPoints: 1800, hsnCode: '7103' }, // 7.02 -> 7 paise
      ],
      false,
    );
    const invoice = computeInvoice(order, MAHARASHTRA, MAHARASHTRA);
    const goods = invoice.lines.filter((line) => line.kind === 'goods');
    expect(goods.map((line) => [line.cgstPaise, line.sgstPaise])).toEqual([
      [3, 2],
      [3, 3],
      [4, 4],
      [3, 4],
    ]);
  });

  it('shows shipping as a taxable line whose fee includes GST at the main line rate', () => {
    const order = orderOf(
      [
        { unitPricePaise: 20_00, qty: 1, gstBasisPoints: 300, hsnCode: '7103' },
        { unitPricePaise: 30_00, qty: 1, gstBasisPoints: 1200, hsnCode: '7117' },
      ],
      false,
    );
    expect(order.shippingPaise).toBe(100_00);
    const invoice = computeInvoice(order, MAHARASHTRA, MAHARASHTRA);
    const shipping = invoice.lines.at(-1)!;
    // ₹100 at 12% inside: 100 / 1.12 = 89.2857 -> 89.29 taxable, 10.71 GST.
    expect(shipping).toMatchObject({
      kind: 'shipping',
      description: SHIPPING_LINE_DESCRIPTION,
      hsnCode: '7117',
      qty: 1,
      unitPricePaise: 89_29,
      taxableValuePaise: 89_29,
      gstBasisPoints: 1200,
      taxPaise: 10_71,
      amountPaise: 100_00,
    });
    expect(shipping.cgstPaise + shipping.sgstPaise).toBe(10_71);
    expect(invoice.totals.shippingTaxPaise).toBe(10_71);
    expect(invoice.totals.itemsTaxPaise).toBe(order.taxPaise);
    expect(invoice.totals.taxPaise).toBe(order.taxPaise + 10_71);
    expect(invoice.totals.totalPaise).toBe(order.totalPaise);
  });

  it('takes the first line as the main one among equals, and 0% goods ship with 0% GST', () => {
    const order = orderOf(
      [
        { unitPricePaise: 10_00, qty: 1, gstBasisPoints: 0, hsnCode: '1404' },
        { unitPricePaise: 10_00, qty: 1, gstBasisPoints: 1800, hsnCode: '7117' },
      ],
      false,
    );
    const shipping = computeInvoice(order, MAHARASHTRA, KARNATAKA).lines.at(-1)!;
    expect(shipping).toMatchObject({ hsnCode: '1404', gstBasisPoints: 0, taxPaise: 0, taxableValuePaise: 100_00 });
  });

  it('refuses an order whose stored amounts do not add up', () => {
    const order = orderOf([{ unitPricePaise: 500_00, qty: 1, gstBasisPoints: 1800, hsnCode: '1404' }], false);
    const broken: InvoiceOrder[] = [
      { ...order, totalPaise: order.totalPaise + 1 },
      { ...order, taxPaise: order.taxPaise - 1, totalPaise: order.totalPaise - 1 },
      { ...order, itemsPaise: order.itemsPaise + 1, totalPaise: order.totalPaise + 1 },
      { ...order, discountPaise: -1, totalPaise: order.totalPaise + 1 },
      { ...order, lines: [] },
      { ...order, lines: [{ ...order.lines[0]!, qty: 0 }] },
      { ...order, lines: [{ ...order.lines[0]!, unitPricePaise: 0.5 }] },
    ];
    for (const bad of broken) expect(() => computeInvoice(bad, MAHARASHTRA, MAHARASHTRA)).toThrow(InvoiceAmountsError);
  });

  it('equals the order total to the paisa on random orders', () => {
    const line = fc.record({
      unitPricePaise: fc.oneof(fc.integer({ min: 1, max: 200_00 }), fc.integer({ min: 1, max: 2_00_000_00 })),
      qty: fc.integer({ min: 1, max: 10 }),
      gstBasisPoints: fc.constantFrom(...GST_PERCENTS.map((p) => Math.round(p * 100))),
      hsnCode: fc.constantFrom('1404', '7103', '7117', null),
    });
    const state = fc.constantFrom<GstState>(...GST_STATES);
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        state,
        state,
        (lines, online, seller, buyer) => {
          const order = orderOf(lines, online);
          fc.pre(order.totalPaise <= 1_00_00_000_00); // orders stop at ₹1 crore
          const invoice = computeInvoice(order, seller, buyer);
          const { totals } = invoice;
          expect(totals.totalPaise).toBe(order.totalPaise);
          expect(totals.itemsTaxPaise).toBe(order.taxPaise);
          expect(totals.taxPaise).toBe(order.taxPaise + totals.shippingTaxPaise);
          expect(totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(totals.taxPaise);
          if (seller.code === buyer.code) {
            expect(totals.igstPaise).toBe(0);
            expect(Math.abs(totals.cgstPaise - totals.sgstPaise)).toBeLessThanOrEqual(1);
          } else {
            expect(totals.cgstPaise + totals.sgstPaise).toBe(0);
          }
          for (const l of invoice.lines) {
            expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.taxPaise);
            expect(Math.abs(l.cgstPaise - l.sgstPaise)).toBeLessThanOrEqual(1);
            expect(l.taxableValuePaise + l.taxPaise).toBe(l.amountPaise);
            if (l.kind === 'goods') expect(l.taxableValuePaise).toBe(l.unitPricePaise * l.qty);
            expect(l.grossPaise - l.discountPaise).toBe(l.taxableValuePaise);
            expect(l.uqc).toBe('NOS');
          }
          const goods = invoice.lines.filter((l) => l.kind === 'goods');
          expect(goods.reduce((s, l) => s + l.taxableValuePaise, 0)).toBe(order.itemsPaise);
          expect(goods.reduce((s, l) => s + l.taxPaise, 0)).toBe(order.taxPaise);
          const shipping = invoice.lines.filter((l) => l.kind === 'shipping');
          expect(shipping.reduce((s, l) => s + l.amountPaise, 0)).toBe(order.shippingPaise);
          expect(shipping).toHaveLength(order.shippingPaise > 0 ? 1 : 0);
          expect(totals.taxableValuePaise + totals.taxPaise - totals.afterTaxDiscountPaise).toBe(order.totalPaise);
          expect(totals.grossPaise - totals.discountPaise).toBe(totals.taxableValuePaise);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('splitTaxInclusive', () => {
  it.each([
    [100_00, 1800, 84_75, 15_25], // 100 / 1.18 = 84.745...
    [100_00, 1200, 89_29, 10_71],
    [100_00, 500, 95_24, 4_76],
    [100_00, 300, 97_09, 2_91],
    [100_00, 25, 99_75, 25], // 100 / 1.0025 = 99.7506...
    [100_00, 0, 100_00, 0],
    [1, 1800, 1, 0],
    [0, 1800, 0, 0],
  ])('%i paise at %i bp: %i taxable + %i tax', (amount, bp, taxable, tax) => {
    expect(splitTaxInclusive(amount, bp)).toEqual({ taxableValuePaise: taxable, taxPaise: tax });
  });

  it('rounds the taxable value half up and always adds back up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_00_00_000_00 }), fc.integer({ min: 0, max: 2800 }), (amount, bp) => {
        const { taxableValuePaise, taxPaise } = splitTaxInclusive(amount, bp);
        expect(taxableValuePaise + taxPaise).toBe(amount);
        expect(Math.abs(taxableValuePaise * (10000 + bp) - amount * 10000)).toBeLessThanOrEqual((10000 + bp) / 2);
      }),
    );
  });
});

describe('formatGstRate', () => {
  it.each([
    [1800, '18%'],
    [900, '9%'],
    [25, '0.25%'],
    [12.5, '0.125%'],
    [150, '1.5%'],
    [0, '0%'],
  ])('%d bp is %s', (bp, text) => {
    expect(formatGstRate(bp)).toBe(text);
  });
});
