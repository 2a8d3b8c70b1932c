import { DEFAULT_TRANSIT_DAYS, zoneOf, type TrackingStatus } from '@rr/core';
import type { PincodeDirectory } from '../pincode/offline-directory.ts';
import { createHash } from 'node:crypto';
import { formatTrackingTime, trackingEventsOf, verifyWebhookToken, type TrackingPayload } from './tracking-payload.ts';
import {
  type BookedParcel,
  type CourierService,
  type ParcelBooking,
  type ReturnPickupBooking,
  type Serviceability,
  type ServiceabilityQuery,
  type TrackingEvent,
} from './types.ts';

/**
 * The demo's couriers, offline (decision 0042): every pincode in the directory is served, in the zone's
 * usual transit days; cash is collected everywhere except the islands, Ladakh and the remote north-east
 * states where couriers rarely take it. Not a real courier's data: a stand-in with the same shape.
 */
export const SANDBOX_NO_COD_STATES: ReadonlySet<string> = new Set([
  'Andaman and Nicobar Islands',
  'Lakshadweep',
  'Ladakh',
  'Arunachal Pradesh',
  'Mizoram',
  'Nagaland',
]);

/**
 * The sandbox courier's webhook token: a fixed development value (the sandbox runs only outside
 * production, or in a production-mode demo), sent by the dev route POST /api/dev/courier/events.
 */
export const SANDBOX_COURIER_WEBHOOK_TOKEN = 'sandbox-courier-dev-token';

/** The Shiprocket status label the sandbox sends for each of the shop's states. */
const SANDBOX_LABELS: Record<Exclude<TrackingStatus, 'booked'>, string> = {
  in_transit: 'IN TRANSIT',
  out_for_delivery: 'OUT FOR DELIVERY',
  delivered: 'DELIVERED',
  delivery_failed: 'UNDELIVERED',
  returned: 'RTO DELIVERED',
};

/** 'SBX' and ten digits from the order id: the same order gets the same AWB on every try. */
export function sandboxAwb(orderId: string): string {
  const n = BigInt(`0x${createHash('sha256').update(orderId).digest('hex').slice(0, 15)}`) % 10_000_000_000n;
  return `SBX${n.toString().padStart(10, '0')}`;
}

/**
 * A webhook body as Shiprocket would POST it for `awb` reaching `status` at `at` (the dev route and the
 * tests send it through the same parser as Shiprocket's).
 */
export function sandboxTrackingPayload(
  awb: string,
  status: Exclude<TrackingStatus, 'booked'>,
  note: string | null,
  at: Date,
): TrackingPayload {
  const label = SANDBOX_LABELS[status];
  return {
    awb,
    courier_name: 'Sandbox Express',
    current_status: label,
    shipment_status: label,
    current_timestamp: formatTrackingTime(at),
    scans: [
      {
        date: formatTrackingTime(at),
        status: label,
        activity: note ?? (status === 'delivery_failed' ? 'Customer not available' : label),
        location: status === 'delivery_failed' ? 'Sandbox hub' : (note ?? 'Sandbox hub'),
        'sr-status-label': label,
      },
    ],
  };
}

export class SandboxCourier implements CourierService {
  readonly provider = 'sandbox' as const;
  readonly webhookToken = SANDBOX_COURIER_WEBHOOK_TOKEN;

  constructor(private readonly pincodes: PincodeDirectory) {}

  async serviceability(query: ServiceabilityQuery): Promise<Serviceability> {
    const [from, to] = await Promise.all([
      this.pincodes.lookup(query.fromPincode),
      this.pincodes.lookup(query.toPincode),
    ]);
    if (!from || !to) return { serviceable: false, cod: false, transitDays: { min: 0, max: 0 } };
    const zone = zoneOf(from, to);
    return {
      serviceable: true,
      cod: !SANDBOX_NO_COD_STATES.has(to.state),
      transitDays: DEFAULT_TRANSIT_DAYS[zone],
    };
  }

  /** Books at once, offline: the AWB follows from the order, the courier is "Sandbox Express". */
  book(parcel: ParcelBooking): Promise<BookedParcel> {
    return Promise.resolve({
      providerOrderId: parcel.orderNumber,
      providerShipmentId: `SBX-${parcel.orderNumber}`,
      awb: sandboxAwb(parcel.orderId),
      courierName: 'Sandbox Express',
      labelUrl: null,
      pickupRequested: true,
    });
  }

  /** A reverse pickup, booked at once: the AWB follows from the return ("R" + the order's style of AWB). */
  bookReturn(pickup: ReturnPickupBooking): Promise<BookedParcel> {
    return Promise.resolve({
      providerOrderId: `R-${pickup.orderNumber}-${pickup.returnId.slice(0, 4).toUpperCase()}`,
      providerShipmentId: `SBX-R-${pickup.returnId.slice(0, 8).toUpperCase()}`,
      awb: `R${sandboxAwb(pickup.returnId)}`,
      courierName: 'Sandbox Express',
      labelUrl: null,
      pickupRequested: true,
    });
  }

  /** The sandbox keeps no label: the shop draws its own (fulfilment's label PDF). */
  label(): Promise<Buffer | null> {
    return Promise.resolve(null);
  }

  trackingEvents(headers: Record<string, string | string[] | undefined>, body: unknown): TrackingEvent[] {
    verifyWebhookToken(headers, this.webhookToken);
    return trackingEventsOf(this.provider, body);
  }
}
