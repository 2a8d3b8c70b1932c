import type { TrackingStatus } from '@rr/core';

/** Issue 27: what a courier aggregator is asked about a route before an order is placed. */
export interface ServiceabilityQuery {
  fromPincode: string;
  toPincode: string;
  /** The parcel's chargeable weight. */
  weightGrams: number;
}

/** Whether and how a courier serves a route. */
export interface Serviceability {
  /** Some courier delivers there. */
  serviceable: boolean;
  /** Some courier delivering there collects cash. */
  cod: boolean;
  /** Working days in transit, from pickup to delivery. */
  transitDays: { min: number; max: number };
}

/** An order's parcel as the aggregator books it. */
export interface ParcelBooking {
  orderId: string;
  /** The order's short number (the aggregator's own order id must be unique per shop). */
  orderNumber: string;
  createdAt: Date;
  pickupPincode: string;
  customer: { name: string; phone: string; email: string };
  address: { line: string; city: string; state: string; pincode: string };
  items: { name: string; sku: string; units: number; sellingPricePaise: number; hsnCode: string | null }[];
  paymentMethod: 'COD' | 'Prepaid';
  /** What the courier collects (COD) or the declared value (prepaid): the order's total. */
  totalPaise: number;
  /** The whole parcel. */
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** A parcel the aggregator booked: its ids, the AWB and courier it assigned, and its label. */
export interface BookedParcel {
  providerOrderId: string;
  providerShipmentId: string;
  awb: string;
  courierName: string;
  /** The aggregator's label PDF, when it hosts one (the sandbox draws its own: null). */
  labelUrl: string | null;
  pickupRequested: boolean;
}

/** One tracking event from the aggregator's webhook, mapped to the shop's states. */
export interface TrackingEvent {
  awb: string;
  /** What makes the event unique (replays carry the same key). */
  eventKey: string;
  status: TrackingStatus;
  /** The courier's words (an NDR's reason), when any. */
  note: string | null;
  occurredAt: Date;
}

/**
 * Issue 28: a reverse pickup: the courier collects returned items from the customer (the order's
 * delivery address) and brings them to the shop's pickup address.
 */
export interface ReturnPickupBooking {
  /** The return's id (the aggregator's own order id is made from it: unique per return). */
  returnId: string;
  orderNumber: string;
  createdAt: Date;
  /** Where the parcel goes back to. */
  shopPincode: string;
  customer: { name: string; phone: string; email: string };
  address: { line: string; city: string; state: string; pincode: string };
  items: { name: string; sku: string; units: number; sellingPricePaise: number; hsnCode: string | null }[];
  /** The returned items' value (what was paid for them). */
  totalPaise: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  /** Why it comes back (the customer's reason, cut short). */
  reason: string;
}

/** A courier aggregator (Shiprocket) or the offline sandbox that behaves like one. */
export interface CourierService {
  readonly provider: 'shiprocket' | 'sandbox';
  /** The token the tracking webhook carries (x-api-key), so the shop's own dev route can sign its calls. */
  readonly webhookToken: string;
  serviceability(query: ServiceabilityQuery): Promise<Serviceability>;
  /** Creates the order with the aggregator, assigns an AWB and asks for a pickup. */
  book(parcel: ParcelBooking): Promise<BookedParcel>;
  /**
   * Issue 28: books a reverse pickup (a return order with the aggregator, an AWB assigned). Idempotent
   * per `returnId`: booking the same return again answers the same parcel, never a second pickup.
   */
  bookReturn(pickup: ReturnPickupBooking): Promise<BookedParcel>;
  /**
   * The label PDF of a booked parcel; null when the aggregator keeps no label of its own (the sandbox),
   * and the shop draws one.
   */
  label(parcel: { providerShipmentId: string; labelUrl: string | null; awb: string }): Promise<Buffer | null>;
  /**
   * The events of one webhook call, after checking it comes from the aggregator (throws
   * CourierSignatureError when it does not); events it does not map to a shop state are left out.
   */
  trackingEvents(headers: Record<string, string | string[] | undefined>, body: unknown): TrackingEvent[];
}

/** The aggregator could not be reached, timed out, answered 5xx, or refused the request. */
export class CourierError extends Error {
  constructor(
    message: string,
    /** True for faults worth retrying (timeouts, 5xx). */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}

/** A webhook call that does not carry the aggregator's token. */
export class CourierSignatureError extends Error {
  constructor() {
    super('The tracking webhook does not carry the configured token');
    this.name = 'CourierSignatureError';
  }
}
