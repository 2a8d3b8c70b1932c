import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_PERCENTS } from '../constants.ts';
import { buildQuote, rulesFor, type QuoteLineInput } from '../quote.ts';
import { InvoiceAmountsError, OTHER_UQC, SHIPPING_LINE_DESCRIPTION, computeInvoice, formatGstRate } from './invoice.ts';
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
