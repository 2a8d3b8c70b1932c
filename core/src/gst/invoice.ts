import type { Paise } from '../money.ts';
import { amountsOf, splitGst, type OrderAmounts, type ShippingCharge, type SupplyType } from '../quote.ts';
import { addOnLineLabel, productWithVariant } from '../line-labels.ts';
import type { GstState } from './states.ts';

export type { SupplyType } from '../quote.ts';

/** An order line as the order stores it (order_items): its share of the order's quote. */
export interface StoredQuoteLine {
  name: string;
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
  /** An add-on's line: the index of its product line (an earlier line), and the texts the buyer filled in. */
  addOnOf?: number | null;
  addOnValues?: Readonly<Record<string, string>> | null;
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

export interface InvoiceTotals {
  grossPaise: Paise;
  /** Discounts before tax, already taken off the taxable value. */
  discountPaise: Paise;
  taxableValuePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  taxPaise: Paise;
  /** The GST of the shipping charge (0 when shipping is free). */
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
}

/** The order's stored amounts do not add up, so no invoice can equal its total. */
export class InvoiceAmountsError extends Error {
  override name = 'InvoiceAmountsError';
}

export const SHIPPING_LINE_DESCRIPTION = 'Shipping and handling';
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
}

/**
 * What the invoice calls a line: a product with its variant ("Nepal 5 Mukhi Rudraksha — 20 mm"), an
 * add-on with the product it was chosen with and the texts filled in ("Energisation for Rudraksha Mala —
 * Wearer's name: राम कुमार; Gotra: Kashyap").
 */
function describeLine(line: StoredQuoteLine, lines: readonly StoredQuoteLine[]): string {
  const product = line.addOnOf == null ? undefined : lines[line.addOnOf];
  if (product) return addOnLineLabel(line.name, product.name, line.addOnValues);
  return productWithVariant(line.name, line.variantName);
}

/** Checks a stored quote adds up: its five amounts are what its lines and shipping make. */
export function checkStoredQuote(quote: StoredQuote): void {
  if (quote.lines.length === 0) throw new InvoiceAmountsError('An invoice needs at least one line');
  quote.lines.forEach(checkLine);
  const { chargePaise, taxPaise } = quote.shipping;
  if (!isPaise(chargePaise) || !isPaise(taxPaise) || !isPaise(quote.afterTaxDiscountPaise)) {
    throw new InvoiceAmountsError('Shipping and discount must be whole, non-negative paise');
  }
  const derived = amountsOf(
    quote.lines.map((l) => ({ grossPaise: l.grossPaise, discountPaise: l.discountPaise, taxPaise: l.taxPaise })),
    quote.shipping,
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
  const { shipping } = quote;
  const shipped = shipping.chargePaise > 0;
  const parts = splitGst([...quote.lines.map((l) => l.taxPaise), ...(shipped ? [shipping.taxPaise] : [])], supplyType);
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
  if (shipped) {
    lines.push({
      kind: 'shipping',
      description: SHIPPING_LINE_DESCRIPTION,
      hsnCode: shipping.hsnCode,
      uqc: OTHER_UQC,
      qty: 1,
      unitPricePaise: shipping.chargePaise,
      grossPaise: shipping.chargePaise,
      discountPaise: 0,
      taxableValuePaise: shipping.chargePaise,
      gstBasisPoints: shipping.gstBasisPoints,
      ...parts[quote.lines.length]!,
      taxPaise: shipping.taxPaise,
      amountPaise: shipping.chargePaise + shipping.taxPaise,
    });
  }
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const taxableValuePaise = sum((line) => line.taxableValuePaise);
  const taxPaise = sum((line) => line.taxPaise);
  const totals: InvoiceTotals = {
    grossPaise: sum((line) => line.grossPaise),
    discountPaise: sum((line) => line.discountPaise),
    taxableValuePaise,
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    taxPaise,
    shippingTaxPaise: shipped ? shipping.taxPaise : 0,
    afterTaxDiscountPaise: quote.afterTaxDiscountPaise,
    totalPaise: taxableValuePaise + taxPaise - quote.afterTaxDiscountPaise,
  };
  if (totals.totalPaise !== quote.amounts.totalPaise) {
    // Cannot happen once checkStoredQuote passed; kept so a future change can never issue a wrong invoice.
    throw new InvoiceAmountsError(
      `Invoice total ${totals.totalPaise} is not the order total ${quote.amounts.totalPaise}`,
    );
  }
  return { supplyType, sellerState, placeOfSupply, lines, totals };
}

/** 1800 -> "18%", 900 -> "9%", 25 -> "0.25%", 12.5 -> "0.125%" (a half rate of 0.25%). */
export function formatGstRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(4))}%`;
}
