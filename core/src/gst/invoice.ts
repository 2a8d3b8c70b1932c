import type { Paise } from '../money.ts';
import type { GstState } from './states.ts';

/** An order line as the order stores it (order_items): what it was bought at, and its GST. */
export interface InvoiceOrderLine {
  description: string;
  hsnCode: string | null;
  qty: number;
  unitPricePaise: Paise;
  gstBasisPoints: number;
  taxPaise: Paise;
}

/** An order's lines and amounts as stored (orders), priced by core's `priceOrder`. */
export interface InvoiceOrder {
  lines: readonly InvoiceOrderLine[];
  itemsPaise: Paise;
  shippingPaise: Paise;
  taxPaise: Paise;
  discountPaise: Paise;
  totalPaise: Paise;
}

/** Inside the seller's state: CGST + SGST (or UTGST, printed as SGST); outside it: IGST. */
export type SupplyType = 'intra-state' | 'inter-state';

export interface InvoiceLine {
  kind: 'goods' | 'shipping';
  description: string;
  hsnCode: string | null;
  qty: number;
  /** The unit quantity code of GST returns the quantity is counted in: NOS, PCS, PRS (pairs) or SET. */
  uqc: string;
  /** For the shipping line, its taxable value (the fee less the GST inside it). */
  unitPricePaise: Paise;
  /** Unit price × quantity, before any discount. */
  grossPaise: Paise;
  /** The discounts apportioned to this line, taken off before GST (CGST Act s.15(3)(a)). */
  discountPaise: Paise;
  /** Gross - discount: what GST is charged on. */
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
  /** The lines' gross values, before discounts. */
  grossPaise: Paise;
  /** Discounts before tax: already taken off the taxable value (gross - discount = taxable value). */
  discountPaise: Paise;
  taxableValuePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  taxPaise: Paise;
  /** The goods lines' GST: the order's Tax line. */
  itemsTaxPaise: Paise;
  /** The GST inside the shipping fee (0 when shipping is free). */
  shippingTaxPaise: Paise;
  /**
   * Orders placed before discounts were taken before tax: their online payment discount came off the
   * amount after tax, and is shown as such. 0 for every other order.
   */
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

const isPaise = (n: number) => Number.isSafeInteger(n) && n >= 0;

function checkOrder(order: InvoiceOrder): void {
  if (order.lines.length === 0) throw new InvoiceAmountsError('An invoice needs at least one line');
  for (const line of order.lines) {
    if (!Number.isSafeInteger(line.qty) || line.qty < 1) throw new InvoiceAmountsError(`Bad quantity ${line.qty}`);
    if (!isPaise(line.unitPricePaise) || !isPaise(line.taxPaise)) {
      throw new InvoiceAmountsError(`Bad amounts on the line "${line.description}"`);
    }
    if (!Number.isSafeInteger(line.gstBasisPoints) || line.gstBasisPoints < 0 || line.gstBasisPoints > 10000) {
      throw new InvoiceAmountsError(`Bad GST rate ${line.gstBasisPoints} on the line "${line.description}"`);
    }
  }
  const { itemsPaise, shippingPaise, taxPaise, discountPaise, totalPaise } = order;
  if (![itemsPaise, shippingPaise, taxPaise, discountPaise, totalPaise].every(isPaise)) {
    throw new InvoiceAmountsError('Order amounts must be whole, non-negative paise');
  }
  const items = order.lines.reduce((sum, line) => sum + line.unitPricePaise * line.qty, 0);
  const tax = order.lines.reduce((sum, line) => sum + line.taxPaise, 0);
  if (items !== itemsPaise)
    throw new InvoiceAmountsError(`Lines add up to ${items} paise, the order says ${itemsPaise}`);
  if (tax !== taxPaise) throw new InvoiceAmountsError(`Lines' tax adds up to ${tax} paise, the order says ${taxPaise}`);
  if (discountPaise > itemsPaise) throw new InvoiceAmountsError('The discount is above the items');
  if (itemsPaise - discountPaise + shippingPaise + taxPaise !== totalPaise) {
    throw new InvoiceAmountsError('Items - discount + shipping + tax is not the order total');
  }
}

/**
 * The GST inside an amount that includes it at `basisPoints`: the taxable value is
 * amount × 10000 / (10000 + rate), rounded half up to the paisa, and the tax is the rest, so the two
 * always add up to the amount.
 */
export function splitTaxInclusive(
  amountPaise: Paise,
  basisPoints: number,
): { taxableValuePaise: Paise; taxPaise: Paise } {
  const divisor = 10000 + basisPoints;
  const taxableValuePaise = Math.floor((amountPaise * 10000 * 2 + divisor) / (2 * divisor));
  return { taxableValuePaise, taxPaise: amountPaise - taxableValuePaise };
}

/**
 * The tax invoice of an order (PRODUCT.md "GST tax invoices"), computed from what the order stores so that
 * its total equals the order's total to the paisa:
 *
 * - Goods lines: taxable value = unit price × quantity, tax = the line's stored tax (what the customer
 *   was charged), at the line's stored rate.
 * - Shipping, when charged, is its own line. The shop charges a flat fee with no tax added, so the fee
 *   is taken to include GST: freight charged with the goods is part of one composite supply, taxed at the
 *   rate of its principal supply, here the goods line of the largest taxable value (the first of equals).
 *   The line shows that line's HSN and rate, and `splitTaxInclusive` parts the fee.
 * - Intra-state (the place of supply is the seller's state): each line's tax is halved into CGST and
 *   SGST. An odd paisa goes to CGST on the first odd-tax line, SGST on the next, and so on, so that each
 *   line adds up exactly and the two totals never differ by more than one paisa. Inter-state: IGST.
 * - The online discount is taken off after tax, as the shop prices it (tax is on the items before it):
 *   `afterTaxDiscountPaise`. No discount is taken before tax yet, so each line's gross value is its
 *   taxable value, and every line is counted in numbers (NOS).
 *
 * Throws `InvoiceAmountsError` when the order's stored amounts are not consistent.
 */
export function computeInvoice(order: InvoiceOrder, sellerState: GstState, placeOfSupply: GstState): Invoice {
  checkOrder(order);
  const supplyType: SupplyType = sellerState.code === placeOfSupply.code ? 'intra-state' : 'inter-state';
  let oddLines = 0;
  const split = (taxPaise: Paise) => {
    if (supplyType === 'inter-state') return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
    const half = Math.floor(taxPaise / 2);
    const extra = taxPaise % 2;
    const toCgst = extra === 1 && oddLines++ % 2 === 0;
    return {
      cgstPaise: half + (toCgst ? extra : 0),
      sgstPaise: half + (toCgst ? 0 : extra),
      igstPaise: 0,
    };
  };

  const lines: InvoiceLine[] = order.lines.map((line) => {
    const taxableValuePaise = line.unitPricePaise * line.qty;
    return {
      kind: 'goods',
      description: line.description,
      hsnCode: line.hsnCode,
      qty: line.qty,
      uqc: 'NOS',
      unitPricePaise: line.unitPricePaise,
      grossPaise: taxableValuePaise,
      discountPaise: 0,
      taxableValuePaise,
      gstBasisPoints: line.gstBasisPoints,
      ...split(line.taxPaise),
      taxPaise: line.taxPaise,
      amountPaise: taxableValuePaise + line.taxPaise,
    };
  });

  let shippingTaxPaise = 0;
  if (order.shippingPaise > 0) {
    const principal = lines.reduce((best, line) => (line.taxableValuePaise > best.taxableValuePaise ? line : best));
    const { taxableValuePaise, taxPaise } = splitTaxInclusive(order.shippingPaise, principal.gstBasisPoints);
    shippingTaxPaise = taxPaise;
    lines.push({
      kind: 'shipping',
      description: SHIPPING_LINE_DESCRIPTION,
      hsnCode: principal.hsnCode,
      qty: 1,
      uqc: 'NOS',
      unitPricePaise: taxableValuePaise,
      grossPaise: taxableValuePaise,
      discountPaise: 0,
      taxableValuePaise,
      gstBasisPoints: principal.gstBasisPoints,
      ...split(taxPaise),
      taxPaise,
      amountPaise: order.shippingPaise,
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
    itemsTaxPaise: order.taxPaise,
    shippingTaxPaise,
    afterTaxDiscountPaise: order.discountPaise,
    totalPaise: taxableValuePaise + taxPaise - order.discountPaise,
  };
  if (totals.totalPaise !== order.totalPaise) {
    // Cannot happen once checkOrder passed; kept so a future change can never issue a wrong invoice.
    throw new InvoiceAmountsError(`Invoice total ${totals.totalPaise} is not the order total ${order.totalPaise}`);
  }
  return { supplyType, sellerState, placeOfSupply, lines, totals };
}

/** 1800 -> "18%", 900 -> "9%", 25 -> "0.25%", 12.5 -> "0.125%" (a half rate of 0.25%). */
export function formatGstRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(4))}%`;
}
