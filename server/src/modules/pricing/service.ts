import {
  MAX_LINE_QTY,
  ONLINE_PAYMENT_METHOD,
  UUID_PATTERN,
  errorCodes,
  gstPercentOf,
  gstStateByName,
  ONLINE_DISCOUNT_RULE,
  saleRulesFor,
  splitGst,
  stockUnits,
  toRupees,
  type CartQuote,
  type LineAdjustment,
  type PaymentMethod,
  type PlaceOrderBody,
  type Quote,
  type QuoteLine,
  type QuoteLineInput,
  type RunningSale,
  type SupplyType,
  DEFAULT_PAYMENT_METHOD,
  chargeableGrams,
  codVerdict,
  shippingChargeOnCard,
  type CodVerdict,
  type Package,
} from '@rr/core';
import { and, eq, sql } from 'drizzle-orm';
import { hotStatement, inList, readTogether, type Database } from '../../db/client.ts';
import { categories, productAddOns, productVariants, products, type AddOnField } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { runningSales } from '../offers/index.ts';
import {
  deliveryAnswer,
  readShipping,
  type Deliveries,
  type DeliveryFacts,
  type ShopShipping,
} from '../shipping/index.ts';
import { applyOffers, type QuoteCouponState } from './offers.ts';

const PRODUCT_UNAVAILABLE = 'A product in your cart is no longer available. Please remove it.';

/** A cart priced from the catalog: its quote, and what the catalog had when it was priced. */
export interface PricedCart {
  /**
   * Lines in (product, variant) order, the order every transaction takes stock in (so none can
   * deadlock), each product line followed by its add-ons' lines.
   */
  quote: Quote;
  /** Units in stock per product line's stock key (`stockKey`) when priced. */
  countInStock: ReadonlyMap<string, number>;
  /** Requested products that are not (or no longer) on sale. */
  unavailable: string[];
  /** The code asked for and what it does here (null without one); `id` is the coupon's, for its use. */
  coupon: (QuoteCouponState & { id: string }) | null;
  /** Issue 27: whether the cart may be paid in cash at the door (always judged, whatever it is paid by). */
  cod: CodVerdict;
  /** Issue 27: the delivery to the pincode given (null without one, or one the directory does not know). */
  delivery: DeliveryFacts | null;
  /** The shop's shipping settings it was priced with. */
  shipping: ShopShipping;
}

/** Which stock a line takes: its variant's, or its product's without one. */
export const stockKey = (line: { productId: string; variantId?: string | null }) =>
  `${line.productId}/${line.variantId ?? ''}`;

type CartLine = PlaceOrderBody['orderItems'][number];
interface ChosenLine {
  productId: string;
  variantId: string | null;
  addOns: { id: string; values: Record<string, string> }[];
  qty: number;
}

/**
 * Why a line's add-ons are refused (issue 30): the reply's `details` carry the `reason` and the names the
 * message says, each with its Hindi one (`…Hi`) where the shop wrote it, for Hindi pages to say it all.
 */
type ChoiceRefusal =
  | 'unknownAddOn'
  | 'chosenTwice'
  | 'notOffered'
  | 'notOfferedWithVariant'
  | 'addOnRequired'
  | 'unknownField'
  | 'fieldRequired'
  | 'fieldTooLong';

/** A name of a refusal's details, and its Hindi one when there is one (`productHi`). */
const named = (key: string, record: { name: string; nameHi?: string | null | undefined }) => ({
  [key]: record.name,
  ...(record.nameHi?.trim() ? { [`${key}Hi`]: record.nameHi.trim() } : {}),
});

const refuseChoice = (message: string, reason: ChoiceRefusal, names: Record<string, string | number> = {}) =>
  new DomainError('invalid_data', errorCodes.addOnRefused, message, { details: { reason, ...names } });

/** The line's add-ons by id, each with its texts trimmed (empty ones left out); an add-on twice is refused. */
function addOnsOf(line: CartLine): ChosenLine['addOns'] {
  const addOns = (line.addOns ?? []).map((a) => {
    if (!UUID_PATTERN.test(a._id)) {
      throw refuseChoice('An add-on chosen is not offered with this product.', 'unknownAddOn');
    }
    const values = Object.fromEntries(
      Object.entries(a.values ?? {})
        .map(([k, v]) => [k, v.trim()] as const)
        .filter(([, v]) => v !== ''),
    );
    return { id: a._id.toLowerCase(), values };
  });
  if (new Set(addOns.map((a) => a.id)).size !== addOns.length)
    throw refuseChoice('An add-on is chosen twice on one line.', 'chosenTwice');
  return addOns.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The same product, variant and add-ons (with the same texts) twice in a cart is one line with the
 * quantities added; each product or variant within the line limit.
 */
function mergeLines(lines: PlaceOrderBody['orderItems'], maxLineQty: number): ChosenLine[] {
  const merged = new Map<string, ChosenLine>();
  const units = new Map<string, number>();
  const limit = Math.min(maxLineQty, MAX_LINE_QTY);
  for (const line of lines) {
    if (!UUID_PATTERN.test(line.product)) {
      throw new DomainError('invalid_data', errorCodes.productUnavailable, PRODUCT_UNAVAILABLE);
    }
    if (line.variant !== undefined && !UUID_PATTERN.test(line.variant)) throw variantGone();
    const chosen: ChosenLine = {
      productId: line.product.toLowerCase(),
      variantId: line.variant?.toLowerCase() ?? null,
      addOns: addOnsOf(line),
      qty: line.qty,
    };
    const stock = stockKey(chosen);
    const qty = (units.get(stock) ?? 0) + line.qty;
    if (qty > limit) {
      throw new DomainError('invalid_data', errorCodes.lineQtyLimit, `qty must be at most ${limit} of one product`, {
        details: { limit },
      });
    }
    units.set(stock, qty);
    const key = JSON.stringify([stock, chosen.addOns]);
    const seen = merged.get(key);
    if (seen) seen.qty += line.qty;
    else merged.set(key, chosen);
  }
  return [...merged.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
}

const variantGone = () =>
  new DomainError(
    'invalid_data',
    errorCodes.variantUnavailable,
    'A size or weight in your cart is no longer sold. Please remove it and choose again.',
  );

type CatalogProduct = Awaited<ReturnType<typeof readProducts>>[number];
type CatalogVariant = typeof productVariants.$inferSelect;
type CatalogAddOn = typeof productAddOns.$inferSelect;

/** The cart's products (`ids`), with their tax facts. */
const readProducts = hotStatement((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      nameHi: products.nameHi,
      category: products.category,
      image: products.image,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      countInStock: products.countInStock,
      // A product's own tax facts, else its category's (decision 0037).
      hsnCode: sql<string | null>`coalesce(${products.hsnCode}, ${categories.hsnCode})`,
      uqc: sql<string>`coalesce(${products.uqc}, ${categories.uqc})`,
      gstBasisPoints: sql<number>`coalesce(${products.gstBasisPoints}, ${categories.gstBasisPoints})`.mapWith(Number),
      packageWeightGrams: products.packageWeightGrams,
      packageLengthCm: products.packageLengthCm,
      packageBreadthCm: products.packageBreadthCm,
      packageHeightCm: products.packageHeightCm,
    })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.category))
    .where(and(inList(products.id, 'ids'), eq(products.isDraft, false))),
);
const readVariants = hotStatement((db) =>
  db.select().from(productVariants).where(inList(productVariants.productId, 'ids')),
);
const readAddOns = hotStatement((db) =>
  db.select().from(productAddOns).where(inList(productAddOns.productId, 'ids')).orderBy(productAddOns.position),
);

/** The catalog's products of the cart, with their variants and add-ons. */
async function readCatalog(db: Database, ids: string[]) {
  const [found, variants, addOns] = await readTogether(
    db,
    () => readProducts(db, { ids }),
    () => readVariants(db, { ids }),
    () => readAddOns(db, { ids }),
  );
  const byProduct = <T extends { productId: string }>(rows: T[], id: string) => rows.filter((r) => r.productId === id);
  return new Map(
    found.map((p) => [p.id, { product: p, variants: byProduct(variants, p.id), addOns: byProduct(addOns, p.id) }]),
  );
}

/** The variant a line buys: the one it names, else the default; none for a product without variants. */
function variantOf(line: ChosenLine, variants: CatalogVariant[]): CatalogVariant | null {
  if (!variants.length) {
    if (line.variantId) throw variantGone();
    return null;
  }
  const variant = line.variantId ? variants.find((v) => v.id === line.variantId) : variants.find((v) => v.isDefault);
  if (!variant) throw variantGone();
  return variant;
}

/**
 * The add-ons a line chose, checked against its product's: each offered (with this variant), every
 * required one chosen, every text the add-on asks for within its length and the required ones filled.
 */
function checkAddOns(
  line: ChosenLine,
  product: CatalogProduct,
  variant: CatalogVariant | null,
  offered: CatalogAddOn[],
) {
  const forVariant = offered.filter((a) => !a.variantIds || (variant !== null && a.variantIds.includes(variant.id)));
  const ofProduct = named('product', product);
  const missing = forVariant.find((a) => a.required && !line.addOns.some((c) => c.id === a.id));
  if (missing) {
    throw refuseChoice(`${missing.name} is required with ${product.name}.`, 'addOnRequired', {
      ...named('addOn', missing),
      ...ofProduct,
    });
  }
  for (const choice of line.addOns) {
    if (!forVariant.some((a) => a.id === choice.id)) {
      throw refuseChoice(
        `An add-on chosen is not offered with ${product.name}${variant ? ` (${variant.name})` : ''}.`,
        variant ? 'notOfferedWithVariant' : 'notOffered',
        { ...ofProduct, ...(variant ? named('variant', variant) : {}) },
      );
    }
  }
  // In the product's order of add-ons, as its page lists them.
  return forVariant.flatMap((addOn) => {
    const choice = line.addOns.find((c) => c.id === addOn.id);
    if (!choice) return [];
    const ofAddOn = named('addOn', addOn);
    for (const name of Object.keys(choice.values)) {
      if (!addOn.fields.some((f) => f.name === name)) {
        throw refuseChoice(`${addOn.name} does not ask for "${name}".`, 'unknownField', { ...ofAddOn, field: name });
      }
    }
    for (const field of addOn.fields) {
      const value = choice.values[field.name];
      const ofField = { ...named('field', field), ...ofAddOn };
      if (field.required && !value) {
        throw refuseChoice(`${field.name} is required for ${addOn.name}.`, 'fieldRequired', ofField);
      }
      if (value && [...value].length > field.maxLength) {
        throw refuseChoice(
          `${field.name} for ${addOn.name} must be at most ${field.maxLength} characters.`,
          'fieldTooLong',
          { ...ofField, maxLength: field.maxLength },
        );
      }
    }
    return [{ addOn, values: choice.values }];
  });
}

/** Issue 30: the Hindi labels of the fields the buyer filled in, by field name; null when none has one. */
function fieldNamesHi(fields: readonly AddOnField[], values: Readonly<Record<string, string>>) {
  const labels = fields.flatMap((f) => (f.nameHi && f.name in values ? [[f.name, f.nameHi] as const] : []));
  return labels.length ? Object.fromEntries(labels) : null;
}

/** A line's product line and its add-ons' lines, as the quote takes them. */
function quoteInputs(
  line: ChosenLine,
  entry: { product: CatalogProduct; variants: CatalogVariant[]; addOns: CatalogAddOn[] },
  at: number,
): QuoteLineInput[] {
  const { product } = entry;
  const variant = variantOf(line, entry.variants);
  const chosen = checkAddOns(line, product, variant, entry.addOns);
  const main: QuoteLineInput = {
    productId: product.id,
    name: product.name,
    // Issue 30: kept with the order for its Hindi pages, messages and invoice ('' is none).
    nameHi: product.nameHi || null,
    image: variant?.image ?? product.image,
    unitPricePaise: variant?.pricePaise ?? product.pricePaise,
    mrpPaise: variant ? variant.mrpPaise : product.mrpPaise,
    qty: line.qty,
    hsnCode: product.hsnCode,
    uqc: product.uqc,
    gstBasisPoints: product.gstBasisPoints,
    variantId: variant?.id ?? null,
    variantName: variant?.name ?? null,
    variantNameHi: variant?.nameHi || null,
    returnable: !chosen.some((c) => c.addOn.madeToOrder),
    category: product.category,
  };
  return [
    main,
    ...chosen.map(({ addOn, values }) => ({
      productId: product.id,
      name: addOn.name,
      nameHi: addOn.nameHi || null,
      image: main.image,
      unitPricePaise: addOn.pricePaise,
      mrpPaise: null,
      qty: line.qty,
      hsnCode: addOn.hsnCode ?? product.hsnCode,
      // A service is no count of goods: "others" on its invoice line.
      uqc: addOn.isService ? 'OTH' : product.uqc,
      gstBasisPoints: addOn.gstBasisPoints ?? product.gstBasisPoints,
      addOnId: addOn.id,
      addOnOf: at,
      addOnValues: values,
      addOnFieldNamesHi: fieldNamesHi(addOn.fields, values),
      isService: addOn.isService,
      category: product.category,
    })),
  ];
}

/** The offers a cart is priced with: the customer's code, and who asks (for a code's per-customer rules). */
export interface CartOffers {
  couponCode?: string | undefined;
  /** Null for a visitor's quote: a code's per-customer rules are then checked when the order is placed. */
  customerId?: string | null;
  now?: Date;
  /**
   * The sales running now, when the caller has them (a quote: the catalog's kept list, which the pages
   * show); else read from the database (placing an order reads them in its transaction).
   */
  sales?: RunningSale[];
}

/** Issue 27: where the cart goes: the shop's deliveries, and the pincode when known. */
export interface CartDestination {
  deliveries: Deliveries;
  postalCode?: string | undefined;
}

type PackageFields = {
  packageWeightGrams: number | null;
  packageLengthCm: number | null;
  packageBreadthCm: number | null;
  packageHeightCm: number | null;
};

/** A unit's parcel: the variant's figures, else the product's, else the shop's default package's. */
function packageOf(product: PackageFields, variant: PackageFields | undefined, fallback: Package): Package {
  return {
    weightGrams: variant?.packageWeightGrams ?? product.packageWeightGrams ?? fallback.weightGrams,
    lengthCm: variant?.packageLengthCm ?? product.packageLengthCm ?? fallback.lengthCm,
    breadthCm: variant?.packageBreadthCm ?? product.packageBreadthCm ?? fallback.breadthCm,
    heightCm: variant?.packageHeightCm ?? product.packageHeightCm ?? fallback.heightCm,
  };
}

/** The quote's shipping rules: the rate card's freight for the parcel and zone, and the COD fee. */
function chargesOf(
  shipping: ShopShipping,
  delivery: DeliveryFacts | null,
  grams: number,
  inputs: readonly QuoteLineInput[],
  paidInCash: boolean,
) {
  const card = shipping.rateCard;
  if (!card) return {};
  const itemsPaise = inputs.reduce((sum, l) => sum + l.unitPricePaise * l.qty, 0);
  // Without a pincode the quote prices the dearest zone but the special one: what most of India pays.
  const zone = delivery?.zone ?? 'rest_of_india';
  return {
    shippingChargePaise: shippingChargeOnCard(card, zone, grams, itemsPaise),
    ...(paidInCash ? { codFee: { flatPaise: card.codFeePaise, percent: card.codFeePercent } } : {}),
  };
}

/**
 * The one function that prices a cart (decision 0039): reads the products, their variants and add-ons
 * from the catalog (never from the client), the running sales and the code's coupon, and (issue 27) the
 * shop's shipping settings and the delivery to the pincode, and builds the quote every document of the
 * order reads. Takes nothing. A choice the catalog does not offer, or a code the cart cannot use, is
 * refused (4xx).
 */
export async function priceCart(
  db: Database,
  cart: PlaceOrderBody['orderItems'],
  paymentMethod: PaymentMethod,
  maxLineQty: number,
  offers: CartOffers,
  destination: CartDestination,
): Promise<PricedCart> {
  const wanted = mergeLines(cart, maxLineQty);
  const now = offers.now ?? new Date();
  const [catalog, sales, shipping] = await readTogether(
    db,
    () => readCatalog(db, [...new Set(wanted.map((l) => l.productId))]),
    async () => offers.sales ?? runningSales(db, now),
    () => readShipping(db, destination.deliveries.sellerPincode),
  );
  const inputs: QuoteLineInput[] = [];
  const countInStock = new Map<string, number>();
  const parcel: { pkg: Package; qty: number }[] = [];
  for (const line of wanted) {
    const entry = catalog.get(line.productId);
    if (!entry) continue;
    const lines = quoteInputs(line, entry, inputs.length);
    const variant = entry.variants.find((v) => v.id === lines[0]!.variantId);
    countInStock.set(stockKey(lines[0]!), variant?.countInStock ?? entry.product.countInStock);
    parcel.push({ pkg: packageOf(entry.product, variant, shipping.defaultPackage), qty: line.qty });
    inputs.push(...lines);
  }
  const grams = chargeableGrams(parcel);
  const delivery = destination.postalCode
    ? await destination.deliveries.to(shipping, destination.postalCode, grams, now)
    : null;
  const paidInCash = paymentMethod === DEFAULT_PAYMENT_METHOD;
  const priced = await applyOffers(db, inputs, {
    sales: saleRulesFor(sales, inputs),
    online: paymentMethod === ONLINE_PAYMENT_METHOD ? [ONLINE_DISCOUNT_RULE] : [],
    couponCode: offers.couponCode,
    customerId: offers.customerId ?? null,
    now,
    charges: chargesOf(shipping, delivery, grams, inputs, paidInCash),
  });
  return {
    ...priced,
    countInStock,
    unavailable: [...new Set(wanted.map((l) => l.productId))].filter((id) => !catalog.has(id)),
    cod: codVerdict({
      orderValuePaise: priced.quote.amounts.totalPaise,
      codMaxPaise: shipping.codMaxPaise,
      pincodeCod: delivery ? delivery.cod : null,
      postalCode: destination.postalCode,
      madeToOrder: inputs.some((l) => l.returnable === false),
    }),
    delivery,
    shipping,
  };
}

/**
 * Issue 30: a line named as a refusal names it (`Neelam (5.25 ratti)`), in Hindi where the product or its
 * variant has a Hindi name (the other part in English), as `productHi`; none where neither has one.
 */
function hindiLineName(line: QuoteLineInput): { productHi?: string } {
  if (!line.nameHi && !line.variantNameHi) return {};
  const product = line.nameHi || line.name;
  const variant = line.variantNameHi || line.variantName;
  return { productHi: variant ? `${product} (${variant})` : product };
}

/** Refuses a priced cart with a product off sale, or more of one than was in stock when priced. */
export function refuseUnavailable(cart: PricedCart): void {
  if (cart.unavailable.length) {
    throw new DomainError('invalid_data', errorCodes.productUnavailable, PRODUCT_UNAVAILABLE);
  }
  for (const line of stockUnits(cart.quote.lines)) {
    const inStock = cart.countInStock.get(stockKey(line)) ?? 0;
    const name = line.variantName ? `${line.name} (${line.variantName})` : line.name;
    const names = { product: name, ...hindiLineName(line) };
    if (inStock === 0) {
      throw new DomainError('conflict', errorCodes.outOfStock, `${name} is out of stock.`, { details: names });
    }
    if (line.qty > inStock) {
      throw new DomainError('conflict', errorCodes.notEnoughStock, `Only ${inStock} of ${name} left in stock.`, {
        details: { count: inStock, ...names },
      });
    }
  }
}

/**
 * The quote's lines as the customer chose them: each product line with its add-ons' lines, and their
 * money added up (the unit price with the add-ons, and the discount, taxable value and GST of all).
 */
export function cartLines<L extends QuoteLine>(lines: readonly L[]) {
  return lines.flatMap((line, at) => {
    if (line.addOnOf != null) return [];
    const addOns = lines.filter((a) => a.addOnOf === at);
    const sum = (pick: (l: L) => number) => [line, ...addOns].reduce((total, l) => total + pick(l), 0);
    return [
      {
        line,
        addOns,
        unitPricePaise: sum((l) => l.unitPricePaise),
        discountPaise: sum((l) => l.discountPaise),
        taxablePaise: sum((l) => l.taxablePaise),
        taxPaise: sum((l) => l.taxPaise),
      },
    ];
  });
}

/**
 * The quote as the place-order page and API clients read it (rupees). With the delivery state known, GST
 * is split as the invoice will split it: CGST + SGST inside the seller's state, IGST outside it.
 */
/** Issue 28: the store credit a quote would spend (a payment after the total) and what is left to pay. */
function storeCreditOfQuote(totalPaise: number, credit: { balancePaise: number; use: boolean } | null) {
  const applied = credit?.use ? Math.min(credit.balancePaise, totalPaise) : 0;
  return {
    storeCredit: credit ? { balance: toRupees(credit.balancePaise), applied: toRupees(applied) } : null,
    amountDue: toRupees(totalPaise - applied),
  };
}

/** One of the quote's adjustments as the answer says it: rupees, and its terms' amount off in rupees. */
function adjustmentAnswer(a: LineAdjustment): CartQuote['adjustments'][number] {
  const answer: CartQuote['adjustments'][number] = { kind: a.kind, label: a.label, amount: toRupees(a.amountPaise) };
  if (a.terms) {
    const { amountOffPaise, ...terms } = a.terms;
    answer.terms = amountOffPaise === undefined ? terms : { ...terms, amountOff: toRupees(amountOffPaise) };
  }
  return answer;
}

/**
 * Issue 30: a Hindi name as the quote's lines answer it: present when there is one (the cart's Hindi pages
 * name a line by it), absent when none.
 */
const hindi = <K extends string>(key: K, name: string | null | undefined) =>
  (name ? { [key]: name } : {}) as Partial<Record<K, string>>;

export function quoteAnswer(
  priced: PricedCart,
  sellerState: string,
  deliveryState: string | undefined,
  credit: { balancePaise: number; use: boolean } | null = null,
): CartQuote {
  const { quote } = priced;
  const place = deliveryState ? gstStateByName(deliveryState) : null;
  const seller = gstStateByName(sellerState);
  let gst: CartQuote['gst'] = null;
  if (place && seller) {
    const supply: SupplyType = place.code === seller.code ? 'intra-state' : 'inter-state';
    // In the invoice's order: the lines, the shipping, the COD fee (each charge only when charged).
    const charges = [quote.shipping, quote.codFee].filter((c) => c && c.chargePaise > 0).map((c) => c!.taxPaise);
    const parts = splitGst([...quote.lines.map((l) => l.taxPaise), ...charges], supply);
    const sum = (key: keyof (typeof parts)[number]) => toRupees(parts.reduce((s, p) => s + p[key], 0));
    gst = { supply, placeOfSupply: place.name, cgst: sum('cgstPaise'), sgst: sum('sgstPaise'), igst: sum('igstPaise') };
  }
  const { amounts, shipping } = quote;
  return {
    lines: cartLines(quote.lines).map(({ line: l, addOns, ...money }) => ({
      product: l.productId,
      name: l.name,
      ...hindi('nameHi', l.nameHi),
      image: l.image,
      price: toRupees(money.unitPricePaise),
      countInStock: priced.countInStock.get(stockKey(l)) ?? 0,
      qty: l.qty,
      mrp: l.mrpPaise === null ? null : toRupees(l.mrpPaise),
      hsnCode: l.hsnCode,
      uqc: l.uqc,
      gstPercent: gstPercentOf(l.gstBasisPoints),
      discount: toRupees(money.discountPaise),
      taxableValue: toRupees(money.taxablePaise),
      taxPrice: toRupees(money.taxPaise),
      variant: l.variantId
        ? { _id: l.variantId, name: l.variantName ?? '', ...hindi('nameHi', l.variantNameHi) }
        : null,
      addOns: addOns.map((a) => ({
        _id: a.addOnId!,
        name: a.name,
        ...hindi('nameHi', a.nameHi),
        price: toRupees(a.unitPricePaise),
        values: a.addOnValues ?? {},
        ...(a.addOnFieldNamesHi ? { fieldNamesHi: a.addOnFieldNamesHi } : {}),
      })),
      returnable: l.returnable ?? true,
    })),
    unavailable: priced.unavailable,
    itemsPrice: toRupees(amounts.itemsPaise),
    shippingPrice: toRupees(amounts.shippingPaise),
    taxPrice: toRupees(amounts.taxPaise),
    discountPrice: toRupees(amounts.discountPaise),
    totalPrice: toRupees(amounts.totalPaise),
    ...storeCreditOfQuote(amounts.totalPaise, credit),
    shippingGst: {
      gstPercent: gstPercentOf(shipping.gstBasisPoints),
      hsnCode: shipping.hsnCode,
      // Everything shippingPrice holds: freight and the COD fee, as an order answers it.
      taxPrice: toRupees(shipping.taxPaise + (quote.codFee?.taxPaise ?? 0)),
    },
    adjustments: quote.adjustments.map(adjustmentAnswer),
    codFee: quote.codFee
      ? { amount: toRupees(quote.codFee.chargePaise), taxPrice: toRupees(quote.codFee.taxPaise) }
      : null,
    cod: priced.cod,
    delivery: priced.delivery && deliveryAnswer(priced.delivery),
    coupon: priced.coupon && {
      code: priced.coupon.code,
      discount: toRupees(priced.coupon.discountPaise),
      applied: priced.coupon.applied,
      message: priced.coupon.message,
      ...(priced.coupon.reason ? { reason: priced.coupon.reason } : {}),
      ...(priced.coupon.onlineDiscountPaise !== undefined
        ? { onlineDiscount: toRupees(priced.coupon.onlineDiscountPaise) }
        : {}),
    },
    gst,
  };
}
