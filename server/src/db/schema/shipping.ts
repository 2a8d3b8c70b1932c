import type { TrackingStatus } from '@rr/core';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Issue 27: a parcel booked with a courier aggregator (Shiprocket, or the sandbox): the aggregator's own
 * ids, the AWB and courier it assigned, and where its label is. One per order; an order shipped by hand
 * (courier and AWB typed by the owner) has none.
 */
export const shipments = pgTable(
  'shipments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'shiprocket' | 'sandbox'>().notNull(),
    /** The aggregator's order and shipment ids. */
    providerOrderId: text('provider_order_id').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    awb: text('awb').notNull(),
    courierName: text('courier_name').notNull(),
    /** The aggregator's label PDF (null for the sandbox, whose label the shop draws itself). */
    labelUrl: text('label_url'),
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_awb_idx').on(t.awb)],
);

/**
 * Every tracking event a courier sent, once: `event_key` (the aggregator's AWB, status and time) makes
 * a replayed webhook a no-op. `applied` is false for an event that arrived after a later one (out of
 * order), which is kept but moves nothing.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull().unique(),
    status: text('status').$type<TrackingStatus>().notNull(),
    /** The courier's words (an NDR's reason, a scan's location). */
    note: text('note'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    applied: boolean('applied').notNull(),
  },
  (t) => [
    index('shipment_events_order_idx').on(t.orderId, t.occurredAt),
    check(
      'shipment_events_status_check',
      sql`${t.status} in ('booked', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned')`,
    ),
  ],
);
