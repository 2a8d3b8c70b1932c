import {
  DEFAULT_PAYMENT_METHOD,
  chargeableGrams,
  errorCodes,
  shortOrderNumber,
  trackingUrl,
  type Order,
  type Package,
} from '@rr/core';
import { asc, eq, inArray } from 'drizzle-orm';
import { CourierError, type BookedParcel, type ParcelBooking } from '../../adapters/courier/index.ts';
import { readTogether, type Transaction } from '../../db/client.ts';
import { orderItems, orders, productVariants, products, shipments } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { changeOrder, findOrder, recordShipment, recordTracking, type OrderAudit } from '../orders/index.ts';
import { readShipping } from '../shipping/index.ts';
import { issueInvoice } from './invoices.ts';
import { renderShippingLabel } from './label-pdf.ts';
import type { FulfilmentContext } from './context.ts';
import { tellOrderEvent } from './order-events.ts';

type OrderRow = typeof orders.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const COURIER_UNAVAILABLE =
  'The courier service did not answer. Try again, or enter the courier and AWB by hand.';

const conflict = (code: (typeof errorCodes)[keyof typeof errorCodes], message: string) =>
  new DomainError('conflict', code, message);

/** Why an order cannot be booked with the courier now, or null. */
function refusalOf(row: OrderRow, booked: boolean): DomainError | null {
  if (row.isCancelled) return conflict(errorCodes.orderCancelled, 'A cancelled order cannot be shipped.');
  if (row.isDelivered) return conflict(errorCodes.orderDelivered, 'This order is already delivered.');
  if (row.confirmBy) {
    return conflict(
      errorCodes.orderAwaitingConfirmation,
      'This Cash on Delivery order still waits for its customer to confirm it. Book it once it is confirmed.',
    );
  }
  if (row.isShipped && !booked) {
    return conflict(
      errorCodes.orderShipped,
      `This order was shipped by hand (${row.courier ?? ''} ${row.trackingNumber ?? ''}). Correct the courier and AWB by hand.`,
    );
  }
  return null;
}

type PackageColumns = {
  packageWeightGrams: number | null;
  packageLengthCm: number | null;
  packageBreadthCm: number | null;
  packageHeightCm: number | null;
};

/** A unit's parcel: the variant's figures, else the product's, else the shop's default package's. */
function packageOf(own: (PackageColumns | undefined)[], fallback: Package): Package {
  const pick = (key: keyof PackageColumns) => own.map((p) => p?.[key]).find((v) => v != null) ?? null;
  return {
    weightGrams: pick('packageWeightGrams') ?? fallback.weightGrams,
    lengthCm: pick('packageLengthCm') ?? fallback.lengthCm,
    breadthCm: pick('packageBreadthCm') ?? fallback.breadthCm,
    heightCm: pick('packageHeightCm') ?? fallback.heightCm,
  };
}

const PACKAGE_COLUMNS = (table: typeof products | typeof productVariants) => ({
  id: table.id,
  packageWeightGrams: table.packageWeightGrams,
  packageLengthCm: table.packageLengthCm,
  packageBreadthCm: table.packageBreadthCm,
  packageHeightCm: table.packageHeightCm,
});

/** The parcel of an order: its lines, the pickup pincode, the weight and the largest box of its units. */
export async function parcelOf(ctx: FulfilmentContext, row: OrderRow): Promise<ParcelBooking> {
  const lines = await ctx.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.lineNo));
  const productIds = lines.map((l) => l.productId).filter((id): id is string => id !== null);
  const variantIds = lines.map((l) => l.variantId).filter((id): id is string => id !== null);
  const [shipping, productRows, variantRows] = await readTogether(
    ctx.db,
    () => readShipping(ctx.db, ctx.sellerPincode),
    () =>
      productIds.length
        ? ctx.db.select(PACKAGE_COLUMNS(products)).from(products).where(inArray(products.id, productIds))
        : Promise.resolve([]),
    () =>
      variantIds.length
        ? ctx.db
            .select(PACKAGE_COLUMNS(productVariants))
            .from(productVariants)
            .where(inArray(productVariants.id, variantIds))
        : Promise.resolve([]),
  );
  const units = lines
    .filter((l) => l.addOnOf === null)
    .map((l) => ({
      pkg: packageOf(
        [variantRows.find((v) => v.id === l.variantId), productRows.find((p) => p.id === l.productId)],
        shipping.defaultPackage,
      ),
      qty: l.qty,
    }));
  const box = (key: 'lengthCm' | 'breadthCm' | 'heightCm') => Math.max(...units.map((u) => u.pkg[key]), 1);
  return {
    orderId: row.id,
    orderNumber: shortOrderNumber(row.id),
    createdAt: row.createdAt,
    pickupPincode: shipping.originPincode,
    customer: { name: row.recipientName, phone: row.recipientPhone, email: row.customerEmail },
    address: { line: row.address, city: row.city, state: row.state, pincode: row.postalCode },
    items: lines.map((l) => ({
      name: l.variantName ? `${l.name} (${l.variantName})` : l.name,
      sku: (l.variantId ?? l.productId ?? l.id).slice(0, 36),
      units: l.qty,
      sellingPricePaise: l.qty > 0 ? Math.round(l.taxablePaise / l.qty) : l.pricePaise,
      hsnCode: l.hsnCode,
    })),
    paymentMethod: row.paymentMethod === DEFAULT_PAYMENT_METHOD && !row.isPaid ? 'COD' : 'Prepaid',
    totalPaise: row.totalPaise,
    weightGrams: chargeableGrams(units),
    lengthCm: box('lengthCm'),
    breadthCm: box('breadthCm'),
    heightCm: box('heightCm'),
  };
}

/** The courier's fault in the shop's terms: 503 when it did not answer, 422 with its reason when it refused. */
function bookingError(err: CourierError): DomainError {
  if (err.transient) return new DomainError('unavailable', errorCodes.courierUnavailable, COURIER_UNAVAILABLE);
  return new DomainError(
    'unprocessable',
    errorCodes.courierUnavailable,
    `The courier service refused the booking: ${err.message}`,
  );
}

/** Records a booked parcel, once: its shipment row, the order shipped, its invoice, and the customer told. */
async function recordBooking(
  ctx: FulfilmentContext,
  tx: Transaction,
  row: OrderRow,
  booked: BookedParcel,
  provider: 'shiprocket' | 'sandbox',
): Promise<void> {
  const now = new Date();
  const inserted = await tx
    .insert(shipments)
    .values({
      orderId: row.id,
      provider,
      providerOrderId: booked.providerOrderId,
      providerShipmentId: booked.providerShipmentId,
      awb: booked.awb,
      courierName: booked.courierName,
      labelUrl: booked.labelUrl,
      pickupRequestedAt: booked.pickupRequested ? now : null,
    })
    .onConflictDoNothing()
    .returning({ orderId: shipments.orderId });
  if (!inserted.length) return;
  const shipment = { courier: booked.courierName, trackingNumber: booked.awb };
  await recordShipment(tx, row, shipment, now);
  await recordTracking(tx, row.id, { trackingStatus: 'booked', trackingNote: null, at: now });
  await issueInvoice(tx, row, ctx.seller, ctx.pincodes, now);
  await tellOrderEvent(
    tx,
    row,
    {
      kind: 'order_shipped',
      occasion: booked.awb,
      shipment: { ...shipment, trackingUrl: trackingUrl(shipment.courier, shipment.trackingNumber) },
    },
    ctx.messages,
  );
}

/**
 * PUT /api/orders/{id}/ship without a courier and AWB: books the parcel with the courier aggregator
 * (outside any transaction: the call may take seconds), then records it in one. Idempotent: an order
 * already booked answers as it is, and the aggregator finds its own order again by our order's id.
 */
export async function bookParcel(ctx: FulfilmentContext, id: string, audit: OrderAudit | null): Promise<Order> {
  const [row] = UUID.test(id) ? await ctx.db.select().from(orders).where(eq(orders.id, id)) : [];
  if (!row) throw new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
  const [existing] = await ctx.db.select().from(shipments).where(eq(shipments.orderId, id));
  const refused = refusalOf(row, existing !== undefined);
  if (refused) throw refused;
  if (existing) return (await findOrder(ctx.db, id))!;
  const courier = ctx.courier;
  if (!courier) {
    throw new DomainError(
      'invalid_data',
      errorCodes.courierNotConfigured,
      'No courier service is configured: give courier and trackingNumber to ship by hand.',
    );
  }
  let booked: BookedParcel;
  try {
    booked = await courier.book(await parcelOf(ctx, row));
  } catch (err) {
    if (err instanceof CourierError) {
      ctx.log.warn({ orderId: id, reason: err.message, transient: err.transient }, 'courier booking failed');
      throw bookingError(err);
    }
    throw err;
  }
  return changeOrder(
    ctx.db,
    id,
    async (tx, locked) => {
      const [again] = await tx.select().from(shipments).where(eq(shipments.orderId, id));
      const refusedNow = refusalOf(locked, again !== undefined);
      if (refusedNow) throw refusedNow;
      if (!again) await recordBooking(ctx, tx, locked, booked, courier.provider);
    },
    audit,
  );
}

/**
 * GET /api/orders/{id}/label: the booked parcel's label PDF, the aggregator's own (fetched, or made
 * again when it kept none), or drawn by the shop for the sandbox. 404 NO_LABEL when not booked.
 */
export async function shippingLabelOf(ctx: FulfilmentContext, id: string): Promise<{ filename: string; pdf: Buffer }> {
  const [row] = UUID.test(id) ? await ctx.db.select().from(orders).where(eq(orders.id, id)) : [];
  if (!row) throw new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
  const [shipment] = await ctx.db.select().from(shipments).where(eq(shipments.orderId, id));
  if (!shipment) {
    throw new DomainError(
      'not_found',
      errorCodes.noLabel,
      'This order has no parcel booked with the courier service, so it has no label.',
    );
  }
  const filename = `label-${shipment.awb}.pdf`;
  let pdf: Buffer | null = null;
  if (ctx.courier?.provider === shipment.provider) {
    try {
      pdf = await ctx.courier.label(shipment);
    } catch (err) {
      if (err instanceof CourierError) throw bookingError(new CourierError(err.message, true));
      throw err;
    }
  } else if (shipment.provider !== 'sandbox') {
    throw new DomainError('unavailable', errorCodes.courierUnavailable, COURIER_UNAVAILABLE);
  }
  if (pdf) return { filename, pdf };
  const shipping = await readShipping(ctx.db, ctx.sellerPincode);
  const cod = row.paymentMethod === DEFAULT_PAYMENT_METHOD && !row.isPaid;
  const parcel = await parcelOf(ctx, row);
  return {
    filename,
    pdf: await renderShippingLabel({
      courierName: shipment.courierName,
      awb: shipment.awb,
      orderNumber: shortOrderNumber(row.id),
      bookedAt: shipment.createdAt,
      shipTo: {
        name: row.recipientName,
        phone: row.recipientPhone,
        address: row.address,
        city: row.city,
        state: row.state,
        pincode: row.postalCode,
      },
      from: { name: ctx.seller.legalName, address: ctx.seller.address, pincode: shipping.originPincode },
      codPaise: cod ? row.totalPaise : null,
      weightGrams: parcel.weightGrams,
      footnote:
        shipment.provider === 'sandbox'
          ? "Sandbox courier: a demo label, not a real courier's"
          : `Booked with ${shipment.provider}`,
    }),
  };
}

/**
 * Issue 28: books the reverse pickup of a return with the courier aggregator: the customer's delivery
 * address to the shop's pickup pincode, the returned lines and their value. Outside any transaction (the
 * call may take seconds); the aggregator answers the same parcel for the same return. 503/422 as a
 * booking; 400 COURIER_NOT_CONFIGURED without a courier service (then the owner types courier and AWB).
 */
export async function bookReturnPickup(
  ctx: FulfilmentContext,
  row: OrderRow,
  pickup: { returnId: string; lines: readonly { lineNo: number; qty: number }[]; reason: string },
): Promise<BookedParcel & { provider: string }> {
  const courier = ctx.courier;
  if (!courier) {
    throw new DomainError(
      'invalid_data',
      errorCodes.courierNotConfigured,
      'No courier service is configured: give courier and trackingNumber of the pickup you arranged.',
    );
  }
  const parcel = await parcelOf(ctx, row);
  const lines = await ctx.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.lineNo));
  const items = pickup.lines.flatMap(({ lineNo, qty }) => {
    const index = lines.findIndex((l) => l.lineNo === lineNo);
    const item = parcel.items[index];
    return item ? [{ ...item, units: qty }] : [];
  });
  try {
    const booked = await courier.bookReturn({
      returnId: pickup.returnId,
      orderNumber: parcel.orderNumber,
      createdAt: new Date(),
      shopPincode: parcel.pickupPincode,
      customer: parcel.customer,
      address: parcel.address,
      items,
      totalPaise: items.reduce((sum, i) => sum + i.sellingPricePaise * i.units, 0),
      weightGrams: parcel.weightGrams,
      lengthCm: parcel.lengthCm,
      breadthCm: parcel.breadthCm,
      heightCm: parcel.heightCm,
      reason: pickup.reason.slice(0, 100),
    });
    return { ...booked, provider: courier.provider };
  } catch (err) {
    if (err instanceof CourierError) {
      ctx.log.warn(
        { returnId: pickup.returnId, reason: err.message, transient: err.transient },
        'return pickup failed',
      );
      throw bookingError(err);
    }
    throw err;
  }
}
