import {
  MAX_LINE_QTY,
  ONLINE_PAYMENT_METHOD,
  UUID_PATTERN,
  buildQuote,
  errorCodes,
  gstPercentOf,
  gstStateByName,
  rulesFor,
  splitGst,
  toRupees,
  type CartQuote,
  type PaymentMethod,
  type PlaceOrderBody,
  type Quote,
  type SupplyType,
} from '@rr/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';

const PRODUCT_UNAVAILABLE = 'A product in your cart is no longer available. Please remove it.';

/** A cart priced from the catalog: its quote, and what the catalog had when it was priced. */
export interface PricedCart {
  /** Lines in product-id order, the order every transaction takes stock in (so none can deadlock). */
  quote: Quote;
  /** Units in stock per product id when priced. */
  countInStock: ReadonlyMap<string, number>;
  /** Requested products that are not (or no longer) on sale. */
  unavailable: string[];
}

/** Same product twice in a cart is one line with the quantities added, within the same limit. */
function mergeLines(lines: PlaceOrderBody['orderItems'], maxLineQty: number): Map<string, number> {
  const merged = new Map<string, number>();
  const limit = Math.min(maxLineQty, MAX_LINE_QTY);
  for (const line of lines) {
    if (!UUID_PATTERN.test(line.product)) {
      throw new DomainError('invalid_data', errorCodes.productUnavailable, PRODUCT_UNAVAILABLE);
    }
    const id = line.product.toLowerCase();
    const qty = (merged.get(id) ?? 0) + line.qty;
    if (qty > limit) {
      throw new DomainError('invalid_data', errorCodes.lineQtyLimit, `qty must be at most ${limit} of one product`);
    }
    merged.set(id, qty);
  }
  return merged;
}

/**
 * The one function that prices a cart (decision 0039): reads the products from the catalog (never
 * from the client) and builds the quote every document of the order reads. Takes nothing.
 */
export async function priceCart(
  db: Database,
  cart: PlaceOrderBody['orderItems'],
  paymentMethod: PaymentMethod,
  maxLineQty: number,
): Promise<PricedCart> {
  const wanted = mergeLines(cart, maxLineQty);
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      countInStock: products.countInStock,
      // A product's own tax facts, else its category's (decision 0037).
      hsnCode: sql<string | null>`coalesce(${products.hsnCode}, ${categories.hsnCode})`,
      uqc: sql<string>`coalesce(${products.uqc}, ${categories.uqc})`,
      gstBasisPoints: sql<number>`coalesce(${products.gstBasisPoints}, ${categories.gstBasisPoints})`.mapWith(Number),
    })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.category))
    .where(and(inArray(products.id, [...wanted.keys()]), eq(products.isDraft, false)))
    .orderBy(products.id);
  const quote = buildQuote(
    found.map((p) => ({
      productId: p.id,
      name: p.name,
      image: p.image,
      unitPricePaise: p.pricePaise,
      mrpPaise: p.mrpPaise,
      qty: wanted.get(p.id)!,
      hsnCode: p.hsnCode,
      uqc: p.uqc,
      gstBasisPoints: p.gstBasisPoints,
    })),
    rulesFor(paymentMethod === ONLINE_PAYMENT_METHOD),
  );
  const listed = new Set(found.map((p) => p.id));
  return {
    quote,
    countInStock: new Map(found.map((p) => [p.id, p.countInStock])),
    unavailable: [...wanted.keys()].filter((id) => !listed.has(id)),
  };
}

/** Refuses a priced cart with a product off sale, or more of one than was in stock when priced. */
export function refuseUnavailable(cart: PricedCart): void {
  if (cart.unavailable.length) {
    throw new DomainError('invalid_data', errorCodes.productUnavailable, PRODUCT_UNAVAILABLE);
  }
  for (const line of cart.quote.lines) {
    const inStock = cart.countInStock.get(line.productId) ?? 0;
    if (inStock === 0) {
      throw new DomainError('conflict', errorCodes.outOfStock, `${line.name} is out of stock.`);
    }
    if (line.qty > inStock) {
      throw new DomainError('conflict', errorCodes.notEnoughStock, `Only ${inStock} of ${line.name} left in stock.`);
    }
  }
}

/**
 * The quote as the place-order page and API clients read it (rupees). With the delivery state known, GST
 * is split as the invoice will split it: CGST + SGST inside the seller's state, IGST outside it.
 */
export function quoteAnswer(priced: PricedCart, sellerState: string, deliveryState: string | undefined): CartQuote {
  const { quote } = priced;
  const place = deliveryState ? gstStateByName(deliveryState) : null;
  const seller = gstStateByName(sellerState);
  let gst: CartQuote['gst'] = null;
  if (place && seller) {
    const supply: SupplyType = place.code === seller.code ? 'intra-state' : 'inter-state';
    const parts = splitGst([...quote.lines.map((l) => l.taxPaise), quote.shipping.taxPaise], supply);
    const sum = (key: keyof (typeof parts)[number]) => toRupees(parts.reduce((s, p) => s + p[key], 0));
    gst = { supply, placeOfSupply: place.name, cgst: sum('cgstPaise'), sgst: sum('sgstPaise'), igst: sum('igstPaise') };
  }
  const { amounts, shipping } = quote;
  return {
    lines: quote.lines.map((l) => ({
      product: l.productId,
      name: l.name,
      image: l.image,
      price: toRupees(l.unitPricePaise),
      countInStock: priced.countInStock.get(l.productId) ?? 0,
      qty: l.qty,
      mrp: l.mrpPaise === null ? null : toRupees(l.mrpPaise),
      hsnCode: l.hsnCode,
      uqc: l.uqc,
      gstPercent: gstPercentOf(l.gstBasisPoints),
      discount: toRupees(l.discountPaise),
      taxableValue: toRupees(l.taxablePaise),
      taxPrice: toRupees(l.taxPaise),
    })),
    unavailable: priced.unavailable,
    itemsPrice: toRupees(amounts.itemsPaise),
    shippingPrice: toRupees(amounts.shippingPaise),
    taxPrice: toRupees(amounts.taxPaise),
    discountPrice: toRupees(amounts.discountPaise),
    totalPrice: toRupees(amounts.totalPaise),
    shippingGst: {
      gstPercent: gstPercentOf(shipping.gstBasisPoints),
      hsnCode: shipping.hsnCode,
      taxPrice: toRupees(shipping.taxPaise),
    },
    adjustments: quote.adjustments.map((a) => ({ kind: a.kind, label: a.label, amount: toRupees(a.amountPaise) })),
    gst,
  };
}
