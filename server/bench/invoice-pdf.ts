/**
 * npm run bench:invoice: how long a tax invoice takes to render and how large it is, for a buyer
 * written in Latin letters and one written in Devanagari (decision 0035). One process, after one
 * warm-up render each (which reads and parses the fonts); ROUNDS renders each, alternating.
 */
import { buildQuote, computeInvoice, gstStateByName, rulesFor } from '@rr/core';
import { renderInvoicePdf, type TaxInvoiceDocument } from '../src/modules/fulfilment/invoice-pdf.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 20);

const line = { image: '', mrpPaise: null, uqc: 'NOS' };
const order = buildQuote(
  [
    {
      ...line,
      productId: 'a',
      name: '5 Mukhi Rudraksha, Nepal',
      hsnCode: '14049090',
      qty: 2,
      unitPricePaise: 1499_00,
      gstBasisPoints: 1800,
    },
    {
      ...line,
      productId: 'b',
      name: 'Sri Yantra, copper',
      hsnCode: '7117',
      qty: 1,
      unitPricePaise: 850_00,
      gstBasisPoints: 300,
    },
  ],
  rulesFor(true),
);
const invoiceFor = (name: string, address: string): TaxInvoiceDocument => ({
  kind: 'invoice',
  serial: 'RR/26-27/0000042',
  issuedAt: '2026-11-23T10:00:00Z',
  orderNumber: '#A1B2C3D4',
  seller: {
    legalName: 'Rudraksha Ratna Private Limited',
    address: '12, Shivaji Nagar, Near Datta Mandir\nPune, Maharashtra 411005',
    gstin: '27AAPFU0939F1ZV',
  },
  billedTo: { name, phone: '9876543210', gstin: null, businessName: null },
  shippedTo: { name, phone: '9876543210', address, city: 'Lucknow', postalCode: '226010' },
  invoice: computeInvoice(order, gstStateByName('Maharashtra')!, gstStateByName('Uttar Pradesh')!),
});
const cases = {
  latin: invoiceFor('Krishna Tripathi', 'Flat 402, Kshatriya Bhavan, Sector 12, Gomti Nagar'),
  devanagari: invoiceFor('श्री कृष्ण त्रिपाठी', 'फ्लैट 402, क्षत्रिय भवन, Sector 12, गोमती नगर'),
};

const times: Record<string, number[]> = { latin: [], devanagari: [] };
const sizes: Record<string, number> = {};
for (const [name, input] of Object.entries(cases)) sizes[name] = (await renderInvoicePdf(input)).length;
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, input] of Object.entries(cases)) {
    const started = performance.now();
    await renderInvoicePdf(input);
    times[name]!.push(performance.now() - started);
  }
}
const at = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
for (const [name, list] of Object.entries(times)) {
  const sorted = list.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(10)} median ${at(sorted, 0.5).toFixed(1)} ms, p90 ${at(sorted, 0.9).toFixed(1)} ms, ${sizes[name]} bytes`,
  );
}
