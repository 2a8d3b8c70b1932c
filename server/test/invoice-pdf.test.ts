import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  SHIPPING_LINE_DESCRIPTION,
  amountInWords,
  computeInvoice,
  gstStateByName,
  buildQuote,
  couponRuleFor,
  rulesFor,
  saleRulesFor,
  ONLINE_DISCOUNT_RULE,
  type Invoice,
  type InvoiceLine,
  type Quote,
} from '@rr/core';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LABELS } from '../src/modules/fulfilment/document-labels.ts';
import { GSTIN_NOT_CONFIGURED, renderInvoicePdf, type InvoicePdfInput } from '../src/modules/fulfilment/invoice-pdf.ts';
import { drawableText, scriptRuns, warmDocumentFonts } from '../src/modules/fulfilment/pdf-text.ts';
import { actualTexts, glyphTexts, pdfFonts, pdfLines } from './pdf-reading.ts';

/** Where the totals column starts: the amount in words is left of it. */
const TOTALS_X = 320;
/** Where "Shipped to" starts: "Billed to" is left of it. */
const PARTIES_SPLIT_X = 300;
const MAHARASHTRA = gstStateByName('Maharashtra')!;
/** Issue 30: the Hindi halves of a tax invoice's bilingual labels, as their ActualText runs. */
const INVOICE_LABELS = [
  DOCUMENT_LABELS.taxInvoice,
  DOCUMENT_LABELS.billedTo,
  DOCUMENT_LABELS.shippedTo,
  DOCUMENT_LABELS.total,
  DOCUMENT_LABELS.amountInWords,
  DOCUMENT_LABELS.signatory,
];
const hindiRuns = (labels: readonly string[]) =>
  labels.flatMap((label) =>
    scriptRuns(label)
      .filter((run) => run.devanagari)
      .map((run) => run.text),
  );
/** The ActualText runs of what the document holds, less its labels' Hindi. */
const contentTexts = (pdf: Buffer) => actualTexts(pdf).filter((text) => !hindiRuns(INVOICE_LABELS).includes(text));
const KARNATAKA = gstStateByName('Karnataka')!;

const seller = {
  legalName: 'Rudraksha Ratna Private Limited',
  address: '12, Shivaji Nagar, Near Datta Mandir\nPune, Maharashtra 411005',
  gstin: '27AAPFU0939F1ZV',
};
/** The account holder who bought: "Billed to". */
const billedTo = { name: 'Ananya Ramaswamy', phone: '9845012345', gstin: null, businessName: null };
/** Who receives the parcel: "Shipped to" (here the buyer herself, at her address). */
const shippedTo = {
  name: 'Ananya Ramaswamy',
  phone: '9845012345',
  address: 'Flat 402, Sai Krupa Apartments, 5th Cross, Malleshwaram',
  city: 'Bengaluru',
  postalCode: '560003',
};

type Line = {
  description: string;
  hsnCode: string | null;
  qty: number;
  unitPricePaise: number;
  gstBasisPoints: number;
};
/** An order's stored quote, priced as the shop prices one. */
function orderOf(lines: Line[], paidOnline: boolean): Quote {
  return buildQuote(
    lines.map(({ description, ...line }, i) => ({
      ...line,
      productId: `p${i}`,
      name: description,
      image: '',
      mrpPaise: null,
      uqc: 'NOS',
    })),
    rulesFor(paidOnline),
  );
}

/** Set INVOICE_PDF_OUT to a folder to keep the rendered PDFs and look at them. */
function keep(name: string, pdf: Buffer) {
  const folder = process.env.INVOICE_PDF_OUT;
  if (folder) writeFileSync(path.join(folder, name), pdf);
}

describe("the documents' warm-up draw (app.ts, after the first answer to staff)", () => {
  it('draws its small document to the end, in both scripts and weights', async () => {
    await expect(warmDocumentFonts()).resolves.toBeUndefined();
  });
});

describe('tax invoice PDF', () => {
  it('prints an intra-state invoice with CGST and SGST, shipping and the seller details', async () => {
    const order = orderOf(
      [{ description: 'Tulsi mala (108 beads)', hsnCode: '1404', qty: 1, unitPricePaise: 99_00, gstBasisPoints: 1800 }],
      false,
    );
    const invoice = computeInvoice(order, MAHARASHTRA, MAHARASHTRA);
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      serial: 'RR/2026-27/00001',
      issuedAt: '2026-11-23T20:00:00Z', // 24 Nov in India
      orderNumber: '#A1B2C3D4',
      seller,
      billedTo,
      // A gift: the parcel goes to someone else, whose phone the courier calls.
      shippedTo: { ...shippedTo, name: 'Ravi Kulkarni', phone: '9822012345', city: 'Pune', postalCode: '411001' },
      invoice,
    });
    keep('intra-state.pdf', pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfLines(pdf);
    expect(pages).toHaveLength(1);
    const lines = pages[0]!;
    const all = lines.join('\n');

    expect(lines).toContain('TAX INVOICE / कर बीजक');
    expect(lines).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(lines).toContain('State: Maharashtra, Code: 27');
    expect(all).toContain('Rudraksha Ratna Private Limited');
    expect(all).toContain('Pune, Maharashtra 411005');
    expect(all).toMatch(/Invoice no\. RR\/2026-27\/00001/);
    expect(all).toMatch(/Invoice date 24 Nov 2026/);
    expect(all).toMatch(/Order no\. #A1B2C3D4/);
    // Billed to the buyer (left), shipped to the recipient with the phone the courier calls (right).
    // Issue 30: bilingual headings (pdf.js reads the Devanagari as drawn: see the ActualText test).
    expect(lines).toContainEqual(expect.stringMatching(/^BILLED TO \/ \S.* SHIPPED TO \/ \S.*$/));
    expect(hindiRuns(INVOICE_LABELS)).toEqual([
      'कर बीजक',
      'बिल प्राप्तकर्ता',
      'डिलीवरी का पता',
      'कुल (₹)',
      'राशि शब्दों में',
      'अधिकृत हस्ताक्षरकर्ता',
    ]);
    expect(actualTexts(pdf)).toEqual(hindiRuns(INVOICE_LABELS));
    expect(lines).toContain('Ananya Ramaswamy Ravi Kulkarni');
    expect(lines).toContain('Phone: 9845012345 Phone: 9822012345');
    const billed = (await pdfLines(pdf, PARTIES_SPLIT_X))[0]!.join('\n');
    expect(billed).toContain('Ananya Ramaswamy');
    expect(billed).not.toContain('Ravi Kulkarni');
    expect(billed).not.toContain('Malleshwaram');
    expect(all).toContain('Pune - 411001');
    expect(all).not.toContain('B2B');
    expect(all).toMatch(/Place of supply: Maharashtra \(27\)/);
    expect(all).toContain('Intra-state (CGST + SGST)');
    expect(all).toMatch(/Tax payable on reverse charge: No/);
    expect(all).not.toContain('IGST');

    // # Description HSN/SAC Qty Unit Taxable CGST SGST Amount: 99.00 at 18% = 17.82, 8.91 each.
    expect(lines).toContain('# Description HSN/SAC Qty Unit price Taxable value CGST SGST Amount');
    // The quantity with its unit (UQC).
    expect(lines).toContain('1 Tulsi mala (108 beads) 1404 1 NOS 99.00 99.00 8.91 8.91 116.82');
    // ₹100 shipping is priced before GST like the goods, and taxed at their rate: 18.00, 9.00 each.
    expect(lines).toContain('2 Shipping and handling 1404 1 OTH 100.00 100.00 9.00 9.00 118.00');
    // Shipping is part of a composite supply, at the principal goods' HSN and rate.
    expect(all).toMatch(/\(composite supply, taxed as the @ 9% @ 9%\nprincipal goods\)/);
    expect(lines.filter((line) => line.endsWith('@ 9% @ 9%'))).toHaveLength(2);
    expect(all).not.toMatch(/discount/i);
    expect(all).toMatch(/Taxable value 199\.00/);
    expect(all).toMatch(/CGST 17\.91/);
    expect(all).toMatch(/SGST 17\.91/);
    // The order's Tax line says the same: the goods' GST and the shipping's.
    expect(all).toMatch(/Total tax 35\.82/);
    expect(invoice.totals.taxPaise).toBe(order.amounts.taxPaise);
    expect(all).toMatch(/Total \/ कुल \(₹\) 234\.82/);
    expect(invoice.totals.totalPaise).toBe(order.amounts.totalPaise);
    expect(all).toContain('Rupees Two Hundred Thirty-Four and Eighty-Two Paise Only');
    expect(all).toContain('For Rudraksha Ratna Private Limited');
    expect(all).toContain('Authorised Signatory / ');
    expect(all).toContain('RR/2026-27/00001 · Page 1 of 1');
  });

  it('prints an inter-state invoice with IGST, the online discount and the place of supply code', async () => {
    const order = orderOf(
      [
        {
          description: 'Yellow Sapphire (Pukhraj) 5.25 ratti',
          hsnCode: '7103',
          qty: 10,
          unitPricePaise: 8_50_000_00,
          gstBasisPoints: 300,
        },
        {
          description: '5 Mukhi Rudraksha',
          hsnCode: '14049090',
          qty: 2,
          unitPricePaise: 1499_00,
          gstBasisPoints: 1800,
        },
      ],
      true,
    );
    const invoice = computeInvoice(order, MAHARASHTRA, KARNATAKA);
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      serial: 'RR/2026-27/00002',
      issuedAt: '2026-11-23T10:00:00Z',
      orderNumber: '#B0B0B0B0',
      seller: { ...seller, gstin: null },
      billedTo: { ...billedTo, gstin: '29AAGCB7383J1Z4', businessName: 'Ramaswamy Gems LLP' },
      shippedTo,
      invoice,
    });
    keep('inter-state.pdf', pdf);
    const lines = (await pdfLines(pdf))[0]!;
    const all = lines.join('\n');

    expect(lines).toContain(GSTIN_NOT_CONFIGURED);
    expect(all).not.toMatch(/GSTIN: 27/); // the seller's (the buyer's is 29)
    expect(all).toMatch(/Place of supply: Karnataka \(29\)/);
    expect(all).toContain('State: Karnataka, Code: 29');
    expect(all).toContain('Inter-state (IGST)');
    expect(all).not.toMatch(/CGST \d|SGST \d/);
    expect(lines).toContain('# Description HSN/SAC Qty Unit price Discount Taxable value IGST Amount');
    // The online discount (10%) comes off each line before GST: 85,00,000 - 8,50,000 at 3% = 2,29,500.00;
    // 2,998.00 - 299.80 at 18% = 485.68. Large amounts stay on one line.
    // (The Discount column narrows the description, which wraps.)
    expect(lines).toContain(
      '1 Yellow Sapphire (Pukhraj) 5.25 7103 10 NOS 8,50,000.00 -8,50,000.00 76,50,000.00 2,29,500.00 78,79,500.00',
    );
    expect(lines).toContain('ratti @ 3%');
    expect(lines).toContain('2 5 Mukhi Rudraksha 14049090 2 NOS 1,499.00 -299.80 2,698.20 485.68 3,183.88');
    expect(lines).toContain('@ 18%');
    expect(all).not.toContain('Shipping and handling');
    expect(all).toMatch(/Gross value 85,02,998\.00/);
    expect(all).toMatch(/Less: Online payment discount \(10%\) -8,50,299\.80/);
    expect(all).not.toMatch(/Less: discount/);
    expect(all).toMatch(/Taxable value 76,52,698\.20/);
    expect(all).toMatch(/IGST 2,29,985\.68/);
    expect(all).toContain('Discounts are allowed before tax: GST is on the value after them.');
    expect(all).not.toMatch(/after tax/);
    // A B2B invoice: the business, its GSTIN and its state (from the GSTIN), then who ordered.
    const billed = (await pdfLines(pdf, PARTIES_SPLIT_X))[0]!.join('\n');
    expect(billed).toMatch(
      /BILLED TO \/ .+\nRamaswamy Gems LLP\nGSTIN: 29AAGCB7383J1Z4\nState: Karnataka, Code: 29\nAnanya Ramaswamy\nPhone: 9845012345/,
    );
    expect(all).toMatch(/Invoice type: B2B: the buyer is registered under GST/);
    expect(all).toMatch(/Total \/ कुल \(₹\) 78,82,683\.88/);
    expect(invoice.totals.totalPaise).toBe(order.amounts.totalPaise);
    const left = (await pdfLines(pdf, TOTALS_X)).flat().join(' ');
    expect(left).toContain(amountInWords(78_82_683_88));
    expect(amountInWords(78_82_683_88)).toBe(
      'Rupees Seventy-Eight Lakh Eighty-Two Thousand Six Hundred Eighty-Three and Eighty-Eight Paise Only',
    );
  });

  it('reprints an order priced before the quote as it was: its online discount after tax', async () => {
    const priced = orderOf(
      [
        {
          description: '5 Mukhi Rudraksha',
          hsnCode: '14049090',
          qty: 2,
          unitPricePaise: 1499_00,
          gstBasisPoints: 1800,
        },
      ],
      false,
    );
    // 2,998.00 + 539.64 GST, less 299.80 off the amount after tax (as the shop priced before issue 24).
    const legacy = {
      ...priced,
      afterTaxDiscountPaise: 299_80,
      amounts: { ...priced.amounts, discountPaise: 299_80, totalPaise: priced.amounts.totalPaise - 299_80 },
    };
    const invoice = computeInvoice(legacy, MAHARASHTRA, KARNATAKA);
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      serial: 'RR/2026-27/00003',
      issuedAt: '2026-11-23T10:00:00Z',
      orderNumber: '#C0C0C0C0',
      seller,
      billedTo,
      shippedTo,
      invoice,
    });
    const all = (await pdfLines(pdf))[0]!.join('\n');
    expect(all).toContain('1 5 Mukhi Rudraksha 14049090 2 NOS 1,499.00 2,998.00 539.64 3,537.64');
    expect(all).toMatch(/Invoice value 3,537\.64/);
    expect(all).toMatch(/Less: online payment discount -299\.80/);
    expect(all).toContain('The online payment discount is allowed on the amount after tax.');
    expect(all).toMatch(/Total \/ कुल \(₹\) 3,237\.84/);
    expect(all).not.toMatch(/Less: discount|Gross value/);
  });

  it('prints discounts taken before tax: a Discount column, less discount before the taxable value, units', async () => {
    // As issue 24's pricing computes an order: each line's discount comes off before GST, shipping too.
    const line = (
      kind: InvoiceLine['kind'],
      description: string,
      [qty, uqc, unitPricePaise, discountPaise]: [number, string, number, number],
    ): InvoiceLine => {
      const grossPaise = unitPricePaise * qty;
      const taxableValuePaise = grossPaise - discountPaise;
      const taxPaise = (taxableValuePaise * 18) / 100;
      return {
        ...{ kind, description, hsnCode: '1404', qty, uqc, unitPricePaise, grossPaise, discountPaise },
        ...{ taxableValuePaise, gstBasisPoints: 1800, cgstPaise: taxPaise / 2, sgstPaise: taxPaise / 2, igstPaise: 0 },
        ...{ taxPaise, amountPaise: taxableValuePaise + taxPaise },
      };
    };
    const invoice: Invoice = {
      supplyType: 'intra-state',
      sellerState: MAHARASHTRA,
      placeOfSupply: MAHARASHTRA,
      lines: [
        line('goods', 'Rudraksha ear studs', [2, 'PRS', 500_00, 100_00]),
        line('goods', 'Sphatik mala', [1, 'PCS', 300_00, 0]),
        line('shipping', SHIPPING_LINE_DESCRIPTION, [1, 'NOS', 100_00, 10_00]),
      ],
      totals: {
        // Lines stored without their discounts' labels: one "Less: discount".
        ...{ grossPaise: 1400_00, discountPaise: 110_00, discounts: [], taxableValuePaise: 1290_00 },
        ...{ cgstPaise: 116_10, sgstPaise: 116_10, igstPaise: 0, taxPaise: 232_20 },
        ...{ shippingTaxPaise: 16_20, afterTaxDiscountPaise: 0, totalPaise: 1522_20 },
      },
      shippingWaived: null,
    };
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      serial: 'RR/2026-27/00007',
      issuedAt: '2026-11-26T10:00:00Z',
      orderNumber: '#D15C0047',
      seller,
      billedTo,
      shippedTo: { ...shippedTo, city: 'Pune', postalCode: '411001' },
      invoice,
    });
    keep('discount-before-tax.pdf', pdf);
    const lines = (await pdfLines(pdf))[0]!;
    const all = lines.join('\n');
    expect(lines).toContain('# Description HSN/SAC Qty Unit price Discount Taxable value CGST SGST Amount');
    expect(all).toMatch(/^1 Rudraksha ear 1404 2 PRS 500\.00 -100\.00 900\.00 81\.00 81\.00 1,062\.00$/m);
    expect(all).toMatch(/^2 Sphatik mala 1404 1 PCS 300\.00 - 300\.00 27\.00 27\.00 354\.00$/m);
    expect(all).toMatch(/^3 Shipping and 1404 1 NOS 100\.00 -10\.00 90\.00 8\.10 8\.10 106\.20$/m);
    // Gross, less the discount, is the taxable value; GST on it; no after-tax discount.
    const at = (pattern: RegExp) => lines.findIndex((text) => pattern.test(text));
    const order = [
      /Gross value 1,400\.00$/,
      /Less: discount -110\.00$/,
      /Taxable value 1,290\.00$/,
      /Total tax 232\.20$/,
    ];
    const found = order.map(at);
    expect(found.every((index) => index >= 0)).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    expect(all).toMatch(/Total \/ कुल \(₹\) 1,522\.20/);
    expect(all).not.toMatch(/Invoice value|online payment discount/);
    expect(all).toContain('Discounts are allowed before tax: GST is on the value after them.');
  });

  it('lists each discount by its label, a long one wrapping above the next', async () => {
    const goods = [
      { productId: 'a', name: 'Nepal 5 Mukhi Rudraksha', category: 'rudraksha', unitPricePaise: 1500_00, qty: 2 },
      { productId: 'b', name: 'Sphatik mala', category: 'mala', unitPricePaise: 800_00, qty: 1 },
    ].map((l) => ({ ...l, image: '', mrpPaise: null, uqc: 'NOS', hsnCode: '14049090', gstBasisPoints: 1800 }));
    const festival = 'Maha Shivratri and Diwali Festival of Lights Grand Sale 2026';
    const sales = saleRulesFor(
      [{ _id: 's', name: festival, percentOff: 25, endsAt: '2099-01-01', categories: ['rudraksha'], products: [] }],
      goods,
    );
    const code = 'WELCOME-BACK-FESTIVE-2026';
    const coupon = couponRuleFor({
      ...{ id: 'c', code, percentOff: null, amountOffPaise: 1000_00, freeShipping: false },
      ...{ categories: [], productIds: [] },
    });
    const quote = buildQuote(goods, { adjustments: [...sales, coupon, ONLINE_DISCOUNT_RULE] });
    const invoice = computeInvoice({ ...quote, coupon: { code, discountPaise: 1000_00 } }, MAHARASHTRA, MAHARASHTRA);
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      serial: 'RR/2026-27/00011',
      issuedAt: '2026-11-26T10:00:00Z',
      orderNumber: '#F00D1234',
      seller,
      billedTo,
      shippedTo,
      invoice,
    });
    keep('labelled-discounts.pdf', pdf);
    const right = (await pdfLines(pdf))[0]!.map((text) => text.replace(/^.*?(?=Less:|Gross|Taxable value \d)/, ''));
    // 25% of 3,000.00; then ₹1,000 off the 3,050.00 left; then 10% of the 2,050.00 left.
    const at = (text: string) => right.indexOf(text);
    const expected = [
      'Gross value 3,800.00',
      'Less: Maha Shivratri and Diwali -750.00',
      'Festival of Lights Grand Sale 2026',
      '(25% off)',
      'Less: Coupon -1,000.00',
      'WELCOME-BACK-FESTIVE-2026',
      '(₹1,000 off)',
      'Less: Online payment discount (10%) -205.00',
      'Taxable value 1,845.00',
    ];
    const found = expected.map(at);
    expect(
      found.every((index) => index >= 0),
      right.join('\n'),
    ).toBe(true);
    // Each on a line of its own, in this order (the amount in words and notes share some lines, left of them).
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    expect(new Set(found).size).toBe(found.length);
    expect(right.join('\n')).not.toMatch(/Less: discount/);
  });

  it('prints a credit note that names the invoice it reverses, flowing onto more pages with the header', async () => {
    const many: Line[] = Array.from({ length: 45 }, (_, i) => ({
      description: `${(i % 14) + 1} Mukhi Rudraksha bead${i % 4 === 0 ? ', lab certified, silver capped, on a red silk thread for wearing every day' : ''}`,
      hsnCode: '1404',
      qty: (i % 3) + 1,
      unitPricePaise: 500_00 + i * 37,
      gstBasisPoints: 1800,
    }));
    const order = orderOf(many, false);
    const invoice = computeInvoice(order, MAHARASHTRA, MAHARASHTRA);
    const input: InvoicePdfInput = {
      kind: 'credit-note',
      serial: 'CN/2026-27/00001',
      issuedAt: '2026-11-25T10:00:00Z',
      orderNumber: '#C0FFEE00',
      againstInvoice: { serial: 'RR/2026-27/00003', issuedAt: '2026-11-23T10:00:00Z' },
      reason: 'Order cancelled',
      seller,
      billedTo,
      shippedTo,
      invoice,
    };
    const pdf = await renderInvoicePdf(input);
    keep('credit-note.pdf', pdf);
    const pages = await pdfLines(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);

    for (const [index, lines] of pages.entries()) {
      expect(lines).toContainEqual(expect.stringMatching(/^CREDIT NOTE \/ /));
      expect(lines).toContain('GSTIN: 27AAPFU0939F1ZV');
      expect(lines.join('\n')).toMatch(/Credit note no\. CN\/2026-27\/00001/);
      expect(lines).toContain(`CN/2026-27/00001 · Page ${index + 1} of ${pages.length}`);
    }
    const all = pages.flat().join('\n');
    expect(all).toMatch(/Against invoice RR\/2026-27\/00003/);
    expect(all).toMatch(/Invoice date 23 Nov 2026/);
    expect(all).toMatch(/Credit note date 25 Nov 2026/);
    expect(all).toMatch(/Reason: Order cancelled/);
    expect(all).toMatch(/Place of supply: Maharashtra \(27\)/);
    // Every line is printed once, in order, and pages after the first start with the column titles.
    const rowNumbers = pages
      .flat()
      .map((line) => /^(\d+) \d{0,2} ?Mukhi/.exec(line)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
    expect(rowNumbers).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    const heads = pages.filter((lines) =>
      lines.includes('# Description HSN/SAC Qty Unit price Taxable value CGST SGST Amount'),
    );
    expect(heads.length).toBe(pages.filter((lines) => lines.some((line) => /Mukhi/.test(line))).length);
    expect(all).toMatch(/Total credit \/ कुल जमा \(₹\) /);
    expect(all).toContain('Amount credited in words / ');
    const left = (await pdfLines(pdf, TOTALS_X)).flat().join(' ');
    expect(left).toMatch(
      new RegExp(`Amount credited in words / [^A-Za-z]+ ${amountInWords(order.amounts.totalPaise)}`),
    );
    expect(all).toContain('Authorised Signatory / ');
  });

  it('prints Devanagari names and addresses, shaped, with their text kept, in an embedded Noto Sans', async () => {
    const devanagariBuyer = {
      name: 'श्री कृष्ण त्रिपाठी',
      address: 'फ्लैट 402, क्षत्रिय भवन, Sector 12, गोमती नगर',
      city: 'लखनऊ',
      postalCode: '226010',
    };
    const order = orderOf(
      [
        {
          description: 'पंचमुखी रुद्राक्ष (5 Mukhi), Śrī Yantra',
          hsnCode: '1404',
          qty: 1,
          unitPricePaise: 500_00,
          gstBasisPoints: 1800,
        },
      ],
      false,
    );
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      serial: 'RR/2026-27/00004',
      issuedAt: '2026-11-23T10:00:00Z',
      orderNumber: '#D0D0D0D0',
      seller,
      billedTo: { ...billedTo, name: devanagariBuyer.name },
      shippedTo: { ...devanagariBuyer, phone: '9845012345' },
      invoice: computeInvoice(order, MAHARASHTRA, gstStateByName('Uttar Pradesh')!),
    });
    keep('devanagari.pdf', pdf);

    expect(pdfFonts(pdf)).toEqual([
      { name: expect.stringMatching(/^[A-Z]{6}\+NotoSans-Bold$/), embedded: true },
      { name: expect.stringMatching(/^[A-Z]{6}\+NotoSans-Regular$/), embedded: true },
    ]);
    // Readers that honour ActualText get each Devanagari run in logical order, the Latin beside it as drawn.
    // The name twice: billed to (the buyer) and shipped to (the same person, receiving it).
    expect(actualTexts(pdf)).toEqual(expect.arrayContaining(hindiRuns(INVOICE_LABELS)));
    expect(contentTexts(pdf)).toEqual([
      'श्री कृष्ण त्रिपाठी',
      'श्री कृष्ण त्रिपाठी',
      'फ्लैट 402, क्षत्रिय भवन, ',
      'गोमती नगर',
      'लखनऊ - 226010',
      'पंचमुखी रुद्राक्ष (5 ',
    ]);
    const lines = (await pdfLines(pdf))[0]!;
    const all = lines.join('\n');
    expect(all).not.toContain('?');
    // pdf.js reads the glyphs as drawn (ि before its consonant, items cut at mark positions): every
    // character is there, none lost or replaced.
    const devanagari = (text: string) => [...text].filter((char) => /\p{Script=Devanagari}/u.test(char)).sort();
    const content = lines.filter((line) => !/^[A-Za-z ]+ \/ /.test(line)).join('\n');
    expect(devanagari(content)).toEqual(
      devanagari(devanagariBuyer.name + Object.values(devanagariBuyer).join('') + order.lines[0]!.name),
    );
    expect(all).toContain('Sector 12,');
    expect(all).toContain('5 Mukhi), Śrī Yantra');
    expect(all).toMatch(/Total \/ कुल \(₹\) 590\.00/);
    expect(all).toContain('Amounts in Indian rupees (₹)');
    // Shaped: conjuncts are one glyph each (or a half form and a letter), as Noto Sans draws them.
    expect(glyphTexts(pdf)).toEqual(expect.arrayContaining(['श्र', 'त्र', 'क्ष', 'ष्', 'फ्']));
    // Only the glyphs used are carried.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('prints what the font has no glyph for as its base letters, or "?"', async () => {
    const covers = (codePoint: number) => codePoint < 0x300 || (codePoint >= 0x900 && codePoint < 0x980);
    expect(drawableText('Gaṇeśa राम\tதமிழ்\u0007😀', covers)).toBe('Ganeśa राम ???????');
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      serial: 'RR/2026-27/00005',
      issuedAt: '2026-11-23T10:00:00Z',
      orderNumber: '#E0E0E0E0',
      seller,
      billedTo,
      shippedTo: { ...shippedTo, name: 'தமிழ் Selvi 🙏' },
      invoice: computeInvoice(
        orderOf(
          [{ description: 'Mala', hsnCode: '1404', qty: 1, unitPricePaise: 500_00, gstBasisPoints: 1800 }],
          false,
        ),
        MAHARASHTRA,
        KARNATAKA,
      ),
    });
    expect((await pdfLines(pdf)).flat().join('\n')).toContain('????? Selvi ?');
  });

  it('breaks a word longer than its box between letters, never inside a conjunct', async () => {
    const word = 'क्षत्रिय'.repeat(24);
    const pdf = await renderInvoicePdf({
      kind: 'invoice',
      serial: 'RR/2026-27/00006',
      issuedAt: '2026-11-23T10:00:00Z',
      orderNumber: '#F0F0F0F0',
      seller,
      billedTo,
      shippedTo: { ...shippedTo, address: word },
      invoice: computeInvoice(
        orderOf(
          [{ description: 'Mala', hsnCode: '1404', qty: 1, unitPricePaise: 500_00, gstBasisPoints: 1800 }],
          false,
        ),
        MAHARASHTRA,
        KARNATAKA,
      ),
    });
    const pieces = contentTexts(pdf);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(word);
    // Each line ends where a letter with its marks ends (क्ष, त्रि, य), never between them.
    const boundaries = new Set(
      [...new Intl.Segmenter('hi', { granularity: 'grapheme' }).segment(word)].map(({ index }) => index),
    );
    let end = 0;
    for (const piece of pieces.slice(0, -1)) {
      end += piece.length;
      expect(boundaries.has(end)).toBe(true);
    }
  });

  it('cuts text into runs of one script, digits and punctuation joining the run they follow', () => {
    expect(scriptRuns('Flat 402, श्री निवास, MG Road')).toEqual([
      { text: 'Flat 402, ', devanagari: false },
      { text: 'श्री निवास, ', devanagari: true },
      { text: 'MG Road', devanagari: false },
    ]);
    expect(scriptRuns('(402) श्री।Mr.')).toEqual([
      { text: '(402) श्री।', devanagari: true },
      { text: 'Mr.', devanagari: false },
    ]);
    expect(scriptRuns('₹ 100')).toEqual([{ text: '₹ 100', devanagari: false }]);
  });
});
