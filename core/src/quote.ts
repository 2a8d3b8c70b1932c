import { FREE_SHIPPING_ABOVE_PAISE, ONLINE_DISCOUNT_PERCENT, SHIPPING_FEE_PAISE } from './constants.ts';
import { basisPointsOf, percentOf, type Paise } from './money.ts';

/**
 * The quote: the one computation of an order's money (PRODUCT.md "Prices, GST and MRP", decision 0039).
 * It prices lines, takes adjustments off each line's value before GST, adds the shipping charge taxed as
 * part of the goods, and derives SPEC's five amounts. The quote, the payment hold, the order, the
 * invoice, the credit note, the CSV exports and the messages all read one stored quote.
 *
 * Rounding (stated once, property-tested in quote.test.ts): every figure is whole paise. An adjustment's
 * amount is rounded half up once for the whole cart and shared out over the lines it applies to in
 * proportion to their value by the largest-remainder method (ties to the earlier line), so the shares
 * add up to it exactly. Each line's GST is its rate of its taxable value rounded half up; the shipping
 * charge's GST likewise; the order's tax is the sum of those; the total is the sum of the lines' taxable
 * values and GST. No figure is ever computed from a rounded total again.
 */

/**
 * What takes money off lines, in the order the quote applies them: a scheduled sale (the price every page
 * shows), a coupon code, the online payment discount (issue 26).
 */
export type AdjustmentKind = 'sale' | 'coupon' | 'online_discount';

/**
 * Issue 30: what an adjustment's English label says, as facts, so a page in another language can say it
 * in its own words: the sale's name or the coupon's code, and what it takes off (a percent, an amount, or
 * the shipping charge). Adjustments priced before these were kept have none: their label is all there is.
 */
export interface AdjustmentTerms {
  name?: string;
  /** A sale's Hindi name, when the shop wrote one (issue 30). */
  nameHi?: string;
  code?: string;
  percentOff?: number;
  amountOffPaise?: Paise;
  freeShipping?: boolean;
}

export interface LineAdjustment {
  kind: AdjustmentKind;
  label: string;
  amountPaise: Paise;
  /** The sale's or coupon's id (absent for the online discount): what the owner's reports count by. */
  sourceId?: string;
  terms?: AdjustmentTerms;
}

/** A cart line as the catalog prices it, before the quote's arithmetic. */
export interface QuoteLineInput {
  productId: string;
  name: string;
  /**
   * Issue 30: the Hindi name of what the line is (the product's, or on an add-on's line the add-on's);
   * absent or null: it has none.
   */
  nameHi?: string | null;
  image: string;
  /** One unit's price before GST. */
  unitPricePaise: Paise;
  /** The maximum retail price of one unit, GST included; null when the product has none. */
  mrpPaise: Paise | null;
  qty: number;
  hsnCode: string | null;
  uqc: string;
  /** The line's GST rate in basis points (1800 = 18%). */
  gstBasisPoints: number;
  // Issue 25: what the line is. Absent on lines priced before variants and add-ons existed.
  /** The variant bought; null for a product without variants. */
  variantId?: string | null;
  variantName?: string | null;
  /** Issue 30: the variant's Hindi name when it was priced (absent or null: none). */
  variantNameHi?: string | null;
  /**
   * An add-on's line: the add-on, the index in the quote of the product line it was chosen with (always
   * an earlier line), and the texts the buyer filled in. Its qty is that line's.
   */
  addOnId?: string | null;
  addOnOf?: number | null;
  addOnValues?: Record<string, string> | null;
  /** Issue 30: the Hindi labels of those texts' fields when priced, by field name (absent or null: none). */
  addOnFieldNamesHi?: Record<string, string> | null;
  /** A service (energisation): never the principal supply the shipping charge is taxed as. */
  isService?: boolean;
  /** False when a made-to-order add-on was chosen with this product line. */
  returnable?: boolean;
  /** The product's category slug: what a coupon or a sale limited to categories covers. */
  category?: string;
}

export interface QuoteLine extends QuoteLineInput {
  /** Unit price × qty. */
  grossPaise: Paise;
  /** This line's shares of the adjustments, each before GST. */
  adjustments: LineAdjustment[];
  /** The sum of `adjustments`. */
  discountPaise: Paise;
  /** gross - discount: what GST is charged on. */
  taxablePaise: Paise;
  taxPaise: Paise;
}

/**
 * The shipping charge (before GST). Freight charged with the goods is part of one composite supply,
 * taxed at the rate of the principal supply (CGST Act s.8(a)): the goods line of the largest value
 * before adjustments, the higher rate between equals, then the earlier line. Its HSN is that line's.
 * Before adjustments, so a discount on one product can never move the charge to a higher rate and make
 * the order cost more (decision 0040).
 */
export interface ShippingCharge {
  chargePaise: Paise;
  /** The charge a free-shipping coupon waived (then `chargePaise` is 0); 0 otherwise. */
  waivedPaise?: Paise;
  gstBasisPoints: number;
  hsnCode: string | null;
  taxPaise: Paise;
}

/**
 * Issue 27: the fee for collecting cash at the door, charged with the goods and so taxed like the
 * shipping charge (the principal supply's rate and HSN). SPEC's shippingPrice carries freight and this
 * fee together; the quote, the order and the invoice keep them apart.
 */
export interface CodFeeCharge {
  chargePaise: Paise;
  gstBasisPoints: number;
  hsnCode: string | null;
  taxPaise: Paise;
}

/** SPEC's five amounts, derived from a quote. */
export interface OrderAmounts {
  itemsPaise: Paise;
  shippingPaise: Paise;
  taxPaise: Paise;
  discountPaise: Paise;
  totalPaise: Paise;
}

/** The coupon code a quote was priced with, and what it took off (or the shipping charge it waived). */
export interface AppliedCoupon {
  code: string;
  discountPaise: Paise;
}

export interface Quote {
  /** In the order given (the server gives product-id order, the order stock is taken in). */
  lines: QuoteLine[];
  shipping: ShippingCharge;
  /** Each adjustment's whole amount (the sum of its shares on the lines). */
  adjustments: LineAdjustment[];
  amounts: OrderAmounts;
  /**
   * Always 0 in a new quote. Orders and payment holds priced before the quote existed (decision 0039)
   * took their online discount off after tax; reading them back keeps that here, so they never change.
   */
  afterTaxDiscountPaise: Paise;
  /** Issue 26: the coupon applied (set by the pricing that chose it; buildQuote leaves it out). */
  coupon?: AppliedCoupon | null;
  /** Issue 27: the COD fee, when the order is paid in cash with a rate card that charges one. */
  codFee?: CodFeeCharge | null;
}

/**
 * An adjustment the quote applies to the lines it covers (every line unless limited), each taking from
 * what those lines are still worth after the rules before it:
 * - `percentOff` (0 to 100) of their value together, shared out in proportion (the online discount, a
 *   percent coupon); with `perUnit`, each line's share is its qty times the percent of its unit price,
 *   so a line costs exactly the sale price the pages show times its qty (a sale);
 * - or `amountOffPaise` off their value together, at most all of it (an amount coupon).
 */
export interface AdjustmentRule {
  kind: AdjustmentKind;
  label: string;
  percentOff?: number;
  amountOffPaise?: Paise;
  perUnit?: boolean;
  /** Covers the lines of these products, or of products in these categories; both absent: every line. */
  productIds?: ReadonlySet<string>;
  categories?: ReadonlySet<string>;
  /** Leaves add-on lines alone (a sale lowers a product's price, not its extras'). */
  productLinesOnly?: boolean;
  sourceId?: string;
  /** What `label` says, as facts (issue 30): each line's share carries them. */
  terms?: AdjustmentTerms;
}

export interface QuoteRules {
  adjustments: readonly AdjustmentRule[];
  /** A free-shipping coupon: the shipping charge is waived. */
  freeShipping?: boolean;
  /**
   * Issue 27: the freight the owner's rate card charges for this cart's parcel and destination (its
   * free-shipping threshold applied); absent, SPEC's rule on the items' value sets it.
   */
  shippingChargePaise?: Paise;
  /** Issue 27: a Cash on Delivery order on a rate card with a COD fee: the larger of the two. */
  codFee?: { flatPaise: Paise; percent: number };
}

/** Whether `rule` covers `line`. */
export function ruleCovers(rule: AdjustmentRule, line: QuoteLineInput): boolean {
  if (rule.productLinesOnly && line.addOnOf != null) return false;
  if (!rule.productIds && !rule.categories) return true;
  return Boolean(
    rule.productIds?.has(line.productId) || (line.category !== undefined && rule.categories?.has(line.category)),
  );
}

/** SPEC §9's online payment discount, as the quote's rule. */
export const ONLINE_DISCOUNT_RULE: AdjustmentRule = {
  kind: 'online_discount',
  label: `Online payment discount (${ONLINE_DISCOUNT_PERCENT}%)`,
  percentOff: ONLINE_DISCOUNT_PERCENT,
  terms: { percentOff: ONLINE_DISCOUNT_PERCENT },
};

/** The rules of a cart paid by `paymentMethod`'s kind: online payment takes the online discount. */
export function rulesFor(paidOnline: boolean): QuoteRules {
  return { adjustments: paidOnline ? [ONLINE_DISCOUNT_RULE] : [] };
}

/**
 * Shares `total` out over `weights` in proportion, largest remainder first (ties to the earlier one):
 * whole paise that add up to `total` exactly, none above its weight when `total` is not above the sum.
 */
export function apportion(total: Paise, weights: readonly Paise[]): Paise[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => Math.floor((total * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: total * w - exact[i]! * sum }));
  let left = total - exact.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left === 0) break;
    exact[i]! += 1;
    left -= 1;
  }
  return exact;
}

/** SPEC §9: shipping is free when the items are above ₹100, else ₹100 (before GST, like every price). */
export function shippingChargeFor(itemsPaise: Paise): Paise {
  return itemsPaise > FREE_SHIPPING_ABOVE_PAISE ? 0 : SHIPPING_FEE_PAISE;
}

/**
 * The principal supply among taxed lines: largest value before adjustments, then higher rate, then earlier. Goods
 * come before services (an energisation is never what the parcel's freight is part of) unless a cart
 * holds services only.
 */
export function principalLine<T extends Pick<QuoteLine, 'grossPaise' | 'gstBasisPoints' | 'isService'>>(
  all: readonly T[],
): T {
  const goods = all.filter((l) => !l.isService);
  const lines = goods.length ? goods : all;
  return lines.reduce((best, line) =>
    line.grossPaise > best.grossPaise ||
    (line.grossPaise === best.grossPaise && line.gstBasisPoints > best.gstBasisPoints)
      ? line
      : best,
  );
}

/**
 * Each rule in turn takes its percent of what the lines it covers are still worth after the rules
 * before it, so adjustments together can never take a line below zero.
 */
function applyAdjustments(lines: readonly QuoteLineInput[], rules: QuoteRules): LineAdjustment[][] {
  const shares: LineAdjustment[][] = lines.map(() => []);
  const left = lines.map((l) => l.unitPricePaise * l.qty);
  for (const rule of rules.adjustments) {
    const weights = lines.map((l, i) => (ruleCovers(rule, l) ? left[i]! : 0));
    const percent = Math.min(100, Math.max(0, rule.percentOff ?? 0));
    const worth = weights.reduce((a, b) => a + b, 0);
    const lineShares =
      rule.perUnit && rule.percentOff !== undefined
        ? lines.map((l, i) => (weights[i] ? Math.min(weights[i]!, percentOf(l.unitPricePaise, percent) * l.qty) : 0))
        : apportion(
            rule.amountOffPaise !== undefined
              ? Math.min(worth, Math.max(0, rule.amountOffPaise))
              : percentOf(worth, percent),
            weights,
          );
    lineShares.forEach((share, i) => {
      if (share === 0) return;
      const adjustment: LineAdjustment = { kind: rule.kind, label: rule.label, amountPaise: share };
      if (rule.sourceId) adjustment.sourceId = rule.sourceId;
      if (rule.terms) adjustment.terms = rule.terms;
      shares[i]!.push(adjustment);
      left[i]! -= share;
    });
  }
  return shares;
}

/**
 * The units of each product or variant the lines hold, add-on lines left out and lines of the same
 * variant added up, in (product, variant) order: the order every transaction locks stock rows in, so
 * none can deadlock (a variant's row, then its product's, which its trigger updates).
 */
export function stockUnits<
  L extends { productId: string | null; variantId?: string | null; qty: number; addOnOf?: number | null },
>(lines: readonly L[]): (L & { qty: number })[] {
  const byKey = new Map<string, L & { qty: number }>();
  for (const line of lines) {
    if (line.addOnOf != null || line.productId === null) continue;
    const key = `${line.productId}/${line.variantId ?? ''}`;
    const seen = byKey.get(key);
    if (seen) seen.qty += line.qty;
    else byKey.set(key, { ...line });
  }
  return [...byKey.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
}

/** Prices `inputs` under `rules`. Throws a RangeError on a line no shop could sell (bad qty or price). */
export function buildQuote(inputs: readonly QuoteLineInput[], rules: QuoteRules): Quote {
  for (const l of inputs) {
    if (!Number.isSafeInteger(l.qty) || l.qty < 1) throw new RangeError(`Bad quantity ${l.qty}`);
    if (!Number.isSafeInteger(l.unitPricePaise) || l.unitPricePaise < 0) throw new RangeError('Bad unit price');
  }
  const shares = applyAdjustments(inputs, rules);
  const lines: QuoteLine[] = inputs.map((input, i) => {
    const grossPaise = input.unitPricePaise * input.qty;
    const adjustments = shares[i]!;
    const discountPaise = adjustments.reduce((sum, a) => sum + a.amountPaise, 0);
    const taxablePaise = grossPaise - discountPaise;
    return {
      ...input,
      grossPaise,
      adjustments,
      discountPaise,
      taxablePaise,
      taxPaise: basisPointsOf(taxablePaise, input.gstBasisPoints),
    };
  });
  const shipping = shippingOf(lines, rules);
  const codFee = codFeeOf(lines, shipping, rules);
  return {
    lines,
    shipping,
    adjustments: totalAdjustments(lines),
    amounts: amountsOf(lines, withCodFee(shipping, codFee), 0),
    afterTaxDiscountPaise: 0,
    ...(codFee ? { codFee } : {}),
  };
}

/**
 * The COD fee: the larger of the flat fee and its percent of the goods' value as the customer pays it
 * (taxable values with their GST), taxed at the shipping charge's rate. None when the rules charge none.
 */
function codFeeOf(lines: readonly QuoteLine[], shipping: ShippingCharge, rules: QuoteRules): CodFeeCharge | null {
  if (!rules.codFee || !lines.length) return null;
  const goodsPaise = lines.reduce((sum, l) => sum + l.taxablePaise + l.taxPaise, 0);
  const chargePaise = Math.max(
    Math.max(0, rules.codFee.flatPaise),
    percentOf(goodsPaise, Math.max(0, rules.codFee.percent)),
  );
  if (chargePaise === 0) return null;
  return {
    chargePaise,
    gstBasisPoints: shipping.gstBasisPoints,
    hsnCode: shipping.hsnCode,
    taxPaise: basisPointsOf(chargePaise, shipping.gstBasisPoints),
  };
}

/** The shipping charge and the COD fee together, as SPEC's shippingPrice (and the Tax) count them. */
export function withCodFee(
  shipping: Pick<ShippingCharge, 'chargePaise' | 'taxPaise'>,
  codFee: Pick<CodFeeCharge, 'chargePaise' | 'taxPaise'> | null | undefined,
): Pick<ShippingCharge, 'chargePaise' | 'taxPaise'> {
  return {
    chargePaise: shipping.chargePaise + (codFee?.chargePaise ?? 0),
    taxPaise: shipping.taxPaise + (codFee?.taxPaise ?? 0),
  };
}

/**
 * The quote's shipping charge: the rate card's freight when the rules carry one, else SPEC's rule on the
 * items' value; waived by a free-shipping coupon.
 */
function shippingOf(lines: readonly QuoteLine[], rules: QuoteRules): ShippingCharge {
  const itemsPaise = lines.reduce((sum, l) => sum + l.grossPaise, 0);
  const charge = !lines.length ? 0 : (rules.shippingChargePaise ?? shippingChargeFor(itemsPaise));
  const chargePaise = rules.freeShipping ? 0 : charge;
  const principal = lines.length ? principalLine(lines) : null;
  return {
    chargePaise,
    ...(charge > chargePaise ? { waivedPaise: charge - chargePaise } : {}),
    gstBasisPoints: principal?.gstBasisPoints ?? 0,
    hsnCode: principal?.hsnCode ?? null,
    taxPaise: basisPointsOf(chargePaise, principal?.gstBasisPoints ?? 0),
  };
}

/** Each adjustment kind's whole amount, in the order the lines first carry them. */
export function totalAdjustments(lines: readonly Pick<QuoteLine, 'adjustments'>[]): LineAdjustment[] {
  const byKind = new Map<string, LineAdjustment>();
  for (const line of lines) {
    for (const a of line.adjustments) {
      const key = `${a.kind}/${a.sourceId ?? ''}/${a.label}`;
      const seen = byKind.get(key);
      if (seen) seen.amountPaise += a.amountPaise;
      else byKind.set(key, { ...a });
    }
  }
  return [...byKind.values()];
}

/**
 * SPEC's five amounts from priced lines and the shipping charge: items are the lines' gross value,
 * the discount every adjustment (plus `afterTaxDiscountPaise`, which only orders priced before the quote
 * carry), tax every line's GST and the shipping's, and the total what the customer pays.
 */
export function amountsOf(
  lines: readonly Pick<QuoteLine, 'grossPaise' | 'discountPaise' | 'taxPaise'>[],
  shipping: Pick<ShippingCharge, 'chargePaise' | 'taxPaise'>,
  afterTaxDiscountPaise: Paise,
): OrderAmounts {
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const itemsPaise = sum((l) => l.grossPaise);
  const lineDiscount = sum((l) => l.discountPaise);
  const taxPaise = sum((l) => l.taxPaise) + shipping.taxPaise;
  const discountPaise = lineDiscount + afterTaxDiscountPaise;
  return {
    itemsPaise,
    shippingPaise: shipping.chargePaise,
    taxPaise,
    discountPaise,
    totalPaise: itemsPaise - discountPaise + shipping.chargePaise + taxPaise,
  };
}

/**
 * A quote read back from where it was stored (a payment hold, an order): its lines, shipping and SPEC
 * amounts as kept. The adjustments are the lines' added up; whatever discount the lines do not carry was
 * taken after tax (orders priced before the quote, decision 0039).
 */
export function storedQuote<Line extends Omit<QuoteLine, 'productId'>>(
  lines: Line[],
  shipping: ShippingCharge,
  amounts: OrderAmounts,
  coupon: AppliedCoupon | null = null,
  codFee: CodFeeCharge | null = null,
): Omit<Quote, 'lines'> & { lines: Line[] } {
  const lineDiscount = lines.reduce((sum, line) => sum + line.discountPaise, 0);
  return {
    lines,
    shipping,
    adjustments: totalAdjustments(lines),
    amounts,
    afterTaxDiscountPaise: amounts.discountPaise - lineDiscount,
    coupon,
    ...(codFee ? { codFee } : {}),
  };
}

/** Inside the seller's state: CGST + SGST (or UTGST, printed as SGST); outside it: IGST. */
export type SupplyType = 'intra-state' | 'inter-state';

export interface GstParts {
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

/**
 * Splits each tax (the lines' in order, then the shipping's) into CGST + SGST halves within a state, or
 * IGST across states. An odd paisa goes to CGST on the first odd tax, SGST on the next, and so on, so each
 * line adds up exactly and the two totals never differ by more than a paisa.
 */
export function splitGst(taxes: readonly Paise[], supplyType: SupplyType): GstParts[] {
  let oddTaxes = 0;
  return taxes.map((taxPaise) => {
    if (supplyType === 'inter-state') return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
    const half = Math.floor(taxPaise / 2);
    const extra = taxPaise % 2;
    const toCgst = extra === 1 && oddTaxes++ % 2 === 0;
    return { cgstPaise: half + (toCgst ? extra : 0), sgstPaise: half + (toCgst ? 0 : extra), igstPaise: 0 };
  });
}
