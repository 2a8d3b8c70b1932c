import type { Paise } from '../money.ts';
import {
  amountsOf,
  withCodFee,
  type CodFeeCharge,
  splitGst,
  type AdjustmentKind,
  type AppliedCoupon,
  type LineAdjustment,
  type OrderAmounts,
  type ShippingCharge,
  type SupplyType,
} from '../quote.ts';
import { addOnLineLabel, productWithVariant } from '../line-labels.ts';
import type { GstState } from './states.ts';

export type { SupplyType } from '../quote.ts';

/** An order line as the order stores it (order_items): its share of the order's quote. */
export interface StoredQuoteLine {
  name: string;
  /** Issue 30: the Hindi name (the product's, an add-on's) when it was bought (absent or null: none). */
  nameHi?: string | null;
  hsnCode: string | null;
  uqc: string;
  qty: number;
  unitPricePaise: Paise;
  grossPaise: Paise;
  discountPaise: Paise;
  taxablePaise: Paise;
  gstBasisPoints: number;
  taxPaise: Paise;
  // Issue 25: absent on lines stored before variants and add-ons.
  variantName?: string | null;
  /** Issue 30: the variant's Hindi name when it was bought (absent or null: none). */
  variantNameHi?: string | null;
  /** An add-on's line: the index of its product line (an earlier line), and the texts the buyer filled in. */
  addOnOf?: number | null;
  addOnValues?: Readonly<Record<string, string>> | null;
  /** Issue 30: the Hindi labels of those texts' fields when it was bought, by field name (absent or null: none). */
  addOnFieldNamesHi?: Readonly<Record<string, string>> | null;
  /** Issue 26: the line's shares of each discount, by label (absent or empty on lines stored without them). */
  adjustments?: readonly LineAdjustment[];
}

/**
 * An order's quote as stored (a `Quote` is one): its lines in quote order, its shipping charge, SPEC's five amounts, and
 * (only on orders priced before the quote, decision 0039) an online discount taken off after tax.
 */
export interface StoredQuote {
  lines: readonly StoredQuoteLine[];
  shipping: ShippingCharge;
  amounts: OrderAmounts;
  afterTaxDiscountPaise: Paise;
  /** Issue 26: the coupon the order was placed with (a free-shipping one's discount is the charge it waived). */
  coupon?: AppliedCoupon | null;
  /** Issue 27: the COD fee, charged with the goods and taxed as the shipping is. */
  codFee?: CodFeeCharge | null;
}

export interface InvoiceLine {
  kind: 'goods' | 'shipping';
  description: string;
  hsnCode: string | null;
  uqc: string;
  qty: number;
  unitPricePaise: Paise;
  /** Unit price × qty, before discounts. */
  grossPaise: Paise;
  /** The discounts on this line, before GST. */
  discountPaise: Paise;
  /** gross - discount. */
  taxableValuePaise: Paise;
  gstBasisPoints: number;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  /** cgst + sgst + igst. */
  taxPaise: Paise;
  /** Taxable value + tax. */
  amountPaise: Paise;
}

/** One discount as the totals list it: "Coupon DIWALI10 (10% off)" and what it took off all the lines. */
export interface InvoiceDiscount {
  kind: AdjustmentKind;
  label: string;
  amountPaise: Paise;
}

export interface InvoiceTotals {
  grossPaise: Paise;
  /** Discounts before tax, already taken off the taxable value. */
  discountPaise: Paise;
  /**
   * Issue 26: `discountPaise` by label, in the order the quote takes them (sales, the coupon, the online
   * discount). Lines stored before their discounts were labelled leave part of `discountPaise` out.
   */
  discounts: InvoiceDiscount[];
  taxableValuePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  taxPaise: Paise;
  /** The GST of the shipping charge and the COD fee (0 when neither is charged). */
  shippingTaxPaise: Paise;
  /** Only on orders priced before the quote: their online discount, taken off after tax. */
  afterTaxDiscountPaise: Paise;
  /** Taxable value + tax - after-tax discount: the order's total, to the paisa. */
  totalPaise: Paise;
}

export interface Invoice {
  supplyType: SupplyType;
  sellerState: GstState;
  placeOfSupply: GstState;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  /** Issue 26: a free-shipping coupon waived the shipping charge (so there is no shipping line). */
  shippingWaived: { couponCode: string; amountPaise: Paise } | null;
}

/** The order's stored amounts do not add up, so no invoice can equal its total. */
export class InvoiceAmountsError extends Error {
  override name = 'InvoiceAmountsError';
}

export const SHIPPING_LINE_DESCRIPTION = 'Shipping and handling';
export const COD_FEE_LINE_DESCRIPTION = 'Cash on Delivery fee';
/** GST's unit quantity code for what is not counted in goods units (the shipping line). */
export const OTHER_UQC = 'OTH';

const isPaise = (n: number) => Number.isSafeInteger(n) && n >= 0;

function checkLine(line: StoredQuoteLine): void {
  const where = ` on the line "${line.name}"`;
  if (!Number.isSafeInteger(line.qty) || line.qty < 1) throw new InvoiceAmountsError(`Bad quantity ${line.qty}`);
  const figures = [line.unitPricePaise, line.grossPaise, line.discountPaise, line.taxablePaise, line.taxPaise];
  if (!figures.every(isPaise)) throw new InvoiceAmountsError(`Bad amounts${where}`);
  if (
    line.grossPaise !== line.unitPricePaise * line.qty ||
    line.taxablePaise !== line.grossPaise - line.discountPaise
  ) {
    throw new InvoiceAmountsError(`Gross, discount and taxable value do not add up${where}`);
  }
  if (!Number.isSafeInteger(line.gstBasisPoints) || line.gstBasisPoints < 0 || line.gstBasisPoints > 10000) {
    throw new InvoiceAmountsError(`Bad GST rate ${line.gstBasisPoints}${where}`);
  }
  const shares = line.adjustments ?? [];
  if (!shares.every((a) => isPaise(a.amountPaise)) || sumOf(shares) > line.discountPaise) {
    throw new InvoiceAmountsError(`The labelled discounts are more than the discount${where}`);
  }
}

const sumOf = (adjustments: readonly LineAdjustment[]) => adjustments.reduce((sum, a) => sum + a.amountPaise, 0);

const KIND_ORDER: readonly AdjustmentKind[] = ['sale', 'coupon', 'online_discount'];

/**
 * Each discount's whole amount by label, from the lines' shares: sales first, then the coupon, then the
 * online discount (the order the quote takes them), each kind's labels in the order the lines carry them.
 */
export function invoiceDiscounts(lines: readonly Pick<StoredQuoteLine, 'adjustments'>[]): InvoiceDiscount[] {
  const byLabel = new Map<string, InvoiceDiscount>();
  for (const a of lines.flatMap((line) => line.adjustments ?? [])) {
    const key = `${a.kind}/${a.label}`;
    const seen = byLabel.get(key);
    if (seen) seen.amountPaise += a.amountPaise;
    else byLabel.set(key, { kind: a.kind, label: a.label, amountPaise: a.amountPaise });
  }
  return [...byLabel.values()]
    .filter((d) => d.amountPaise > 0)
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}

/**
 * The shipping charge a free-shipping coupon waived: a fresh quote says so (`waivedPaise`); an order keeps
 * its coupon and no shipping charge, and its coupon took nothing off the lines (its discount is the charge).
 */
export function shippingWaivedOf(quote: Pick<StoredQuote, 'lines' | 'shipping' | 'coupon'>): Invoice['shippingWaived'] {
  const { coupon, shipping } = quote;
  if (!coupon || shipping.chargePaise > 0) return null;
  const onLines = quote.lines.some((line) => (line.adjustments ?? []).some((a) => a.kind === 'coupon'));
  const waived = shipping.waivedPaise ?? (onLines ? 0 : coupon.discountPaise);
  return waived > 0 ? { couponCode: coupon.code, amountPaise: waived } : null;
}

/** The Hindi name, else the English one. */
const inHindi = (hindi: string | null | undefined, english: string) => hindi?.trim() || english;

/** Issue 30: "Wearer's name / धारक का नाम" for each field with a Hindi label of its own. */
function bilingualLabels(labelsHi: Readonly<Record<string, string>> | null | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [field, hindi] of Object.entries(labelsHi ?? {})) {
    if (hindi.trim() && hindi.trim() !== field) labels[field] = `${field} / ${hindi.trim()}`;
  }
  return labels;
}

/**
 * What the invoice calls a line: a product with its variant ("Nepal 5 Mukhi Rudraksha — 20 mm"), an
 * add-on with the product it was chosen with and the texts filled in ("Energisation for Rudraksha Mala —
 * Wearer's name: राम कुमार; Gotra: Kashyap"). Issue 30: a line bought with Hindi names (the product's,
 * the variant's, the add-on's) has them after the English ones, as the invoice's labels are written
 * ("Nepal 5 Mukhi Rudraksha — 20 mm / नेपाली पंचमुखी रुद्राक्ष — 20 मिमी", "Energisation for Rudraksha
 * Mala / रुद्राक्ष माला के लिए अभिमंत्रण — Wearer's name: …"), English where one has none, on every
 * invoice whatever the customer's language; so do the add-on's fields ("Wearer's name / धारक का नाम: …").
 */
function describeLine(line: StoredQuoteLine, lines: readonly StoredQuoteLine[]): string {
  const product = line.addOnOf == null ? undefined : lines[line.addOnOf];
  if (product) {
    const named = Boolean(line.nameHi?.trim() || product.nameHi?.trim());
    const hindi = named ? `${inHindi(product.nameHi, product.name)} के लिए ${inHindi(line.nameHi, line.name)}` : null;
    return addOnLineLabel(line.name, product.name, line.addOnValues, hindi, bilingualLabels(line.addOnFieldNamesHi));
  }
  const english = productWithVariant(line.name, line.variantName);
  const hindi = productWithVariant(
    inHindi(line.nameHi, line.name),
    line.variantName && inHindi(line.variantNameHi, line.variantName),
  );
  return hindi !== english ? `${english} / ${hindi}` : english;
}

/** Checks a stored quote adds up: its five amounts are what its lines and shipping make. */
export function checkStoredQuote(quote: StoredQuote): void {
  if (quote.lines.length === 0) throw new InvoiceAmountsError('An invoice needs at least one line');
  quote.lines.forEach(checkLine);
  const { chargePaise, taxPaise } = quote.shipping;
  if (!isPaise(chargePaise) || !isPaise(taxPaise) || !isPaise(quote.afterTaxDiscountPaise)) {
    throw new InvoiceAmountsError('Shipping and discount must be whole, non-negative paise');
  }
  if (quote.codFee && (!isPaise(quote.codFee.chargePaise) || !isPaise(quote.codFee.taxPaise))) {
    throw new InvoiceAmountsError('The COD fee must be whole, non-negative paise');
  }
  const derived = amountsOf(
    quote.lines.map((l) => ({ grossPaise: l.grossPaise, discountPaise: l.discountPaise, taxPaise: l.taxPaise })),
    withCodFee(quote.shipping, quote.codFee),
    quote.afterTaxDiscountPaise,
  );
  for (const key of Object.keys(derived) as Array<keyof OrderAmounts>) {
    if (derived[key] !== quote.amounts[key]) {
      throw new InvoiceAmountsError(
        `The lines make ${key} ${derived[key]} paise, the order says ${quote.amounts[key]}`,
      );
    }
  }
}

/**
 * The tax invoice of an order (PRODUCT.md "GST tax invoices"), read from its stored quote: every figure
 * is the quote's, so its total equals the order's to the paisa. The only thing added is the split of each
 * tax into CGST + SGST (the place of supply is the seller's state) or IGST (core's `splitGst`), in quote
 * order, the shipping's last. Throws `InvoiceAmountsError` when the stored quote does not add up.
 */
export function computeInvoice(quote: StoredQuote, sellerState: GstState, placeOfSupply: GstState): Invoice {
  checkStoredQuote(quote);
  const supplyType: SupplyType = sellerState.code === placeOfSupply.code ? 'intra-state' : 'inter-state';
  const charges = chargeLines(quote);
  const parts = splitGst([...quote.lines.map((l) => l.taxPaise), ...charges.map((c) => c.taxPaise)], supplyType);
  const lines: InvoiceLine[] = quote.lines.map((line, i) => ({
    kind: 'goods',
    description: describeLine(line, quote.lines),
    hsnCode: line.hsnCode,
    uqc: line.uqc,
    qty: line.qty,
    unitPricePaise: line.unitPricePaise,
    grossPaise: line.grossPaise,
    discountPaise: line.discountPaise,
    taxableValuePaise: line.taxablePaise,
    gstBasisPoints: line.gstBasisPoints,
    ...parts[i]!,
    taxPaise: line.taxPaise,
    amountPaise: line.taxablePaise + line.taxPaise,
  }));
  charges.forEach((charge, i) => {
    lines.push({
      kind: 'shipping',
      description: charge.description,
      hsnCode: charge.hsnCode,
      uqc: OTHER_UQC,
      qty: 1,
      unitPricePaise: charge.chargePaise,
      grossPaise: charge.chargePaise,
      discountPaise: 0,
      taxableValuePaise: charge.chargePaise,
      gstBasisPoints: charge.gstBasisPoints,
      ...parts[quote.lines.length + i]!,
      taxPaise: charge.taxPaise,
      amountPaise: charge.chargePaise + charge.taxPaise,
    });
  });
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const taxableValuePaise = sum((line) => line.taxableValuePaise);
  const taxPaise = sum((line) => line.taxPaise);
  const totals: InvoiceTotals = {
    grossPaise: sum((line) => line.grossPaise),
    discountPaise: sum((line) => line.discountPaise),
    discounts: invoiceDiscounts(quote.lines),
    taxableValuePaise,
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    taxPaise,
    shippingTaxPaise: charges.reduce((total, c) => total + c.taxPaise, 0),
    afterTaxDiscountPaise: quote.afterTaxDiscountPaise,
    totalPaise: taxableValuePaise + taxPaise - quote.afterTaxDiscountPaise,
  };
  if (totals.totalPaise !== quote.amounts.totalPaise) {
    // Cannot happen once checkStoredQuote passed; kept so a future change can never issue a wrong invoice.
    throw new InvoiceAmountsError(
      `Invoice total ${totals.totalPaise} is not the order total ${quote.amounts.totalPaise}`,
    );
  }
  return { supplyType, sellerState, placeOfSupply, lines, totals, shippingWaived: shippingWaivedOf(quote) };
}

/**
 * The charges billed with the goods, each taxed as part of them (composite supply): the shipping charge
 * and (issue 27) the COD fee, in that order; a charge of nothing has no line.
 */
function chargeLines(quote: StoredQuote) {
  const charges = [{ description: SHIPPING_LINE_DESCRIPTION, ...quote.shipping }];
  if (quote.codFee) charges.push({ description: COD_FEE_LINE_DESCRIPTION, ...quote.codFee });
  return charges.filter((c) => c.chargePaise > 0 || c.taxPaise > 0);
}

/** 1800 -> "18%", 900 -> "9%", 25 -> "0.25%", 12.5 -> "0.125%" (a half rate of 0.25%). */
export function formatGstRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(4))}%`;
}
