import { trackingEventsOf, verifyWebhookToken } from './tracking-payload.ts';
import {
  CourierError,
  type BookedParcel,
  type CourierService,
  type ParcelBooking,
  type ReturnPickupBooking,
  type Serviceability,
  type ServiceabilityQuery,
  type TrackingEvent,
} from './types.ts';

/**
 * Shiprocket's external API (apidocs.shiprocket.in, v1/external). What this adapter relies on:
 * - POST /v1/external/auth/login {email, password} answers { token }, a JWT valid 10 days, sent as
 *   `Authorization: Bearer`. We log in again a day before it runs out, and once more on a 401.
 * - GET /v1/external/courier/serviceability/?pickup_postcode&delivery_postcode&weight (kg)&cod (0/1)
 *   answers data.available_courier_companies[] with `cod` (1: collects cash) and
 *   `estimated_delivery_days`; no companies (or a 404) means the route is not served.
 * - POST /v1/external/orders/create/adhoc (order_id is ours, at most 50 characters; dates "yyyy-mm-dd
 *   HH:MM"; weight kg, sizes cm; amounts rupees) answers { order_id, shipment_id, awb_code? }. An
 *   order_id that exists already does not create a second order, so a retried booking uses ours again.
 * - POST /v1/external/courier/assign/awb {shipment_id} (the default courier) answers
 *   { awb_assign_status: 1, response: { data: { awb_code, courier_name } } }.
 * - POST /v1/external/courier/generate/pickup {shipment_id: [id]} answers { pickup_status: 1 }.
 * - POST /v1/external/courier/generate/label {shipment_id: [id]} answers { label_created: 1, label_url }
 *   (a PDF on their storage, fetched without the token).
 * - Refusals are 4xx with { message, errors? }; their 5xx and timeouts are worth a retry.
 * Reverse pickups (issue 28):
 * - GET /v1/external/settings/company/pickup answers data.shipping_address[] ({ pickup_location, name,
 *   address, address_2, city, state, country, pin_code, phone, email }): a return goes back to the
 *   pickup location forward parcels leave from, and the return order needs its address spelt out.
 * - POST /v1/external/orders/create/return (the customer as pickup_*, the shop as shipping_*, always
 *   Prepaid; otherwise the fields of an adhoc order) answers { order_id, shipment_id, status }. Unlike
 *   an adhoc order, an order_id used before is refused: 422 with errors.order_id "The order id has
 *   already been taken."; GET /v1/external/orders/processing/return?page&per_page then lists return
 *   orders ({ id, channel_order_id: ours, shipment_id, status, shipments: [{ awb, courier }] }).
 * - POST /v1/external/courier/assign/awb {shipment_id, is_return: 1} assigns the return's AWB (the
 *   answer's pickup_scheduled_date says the courier's pickup is booked). Returns carry no label.
 */

export interface ShiprocketOptions {
  email: string;
  password: string;
  webhookToken: string;
  /** The pickup location's name in their panel ("Primary"). */
  pickupLocation: string;
  baseUrl: string;
  timeoutMs?: number;
}

/** The token is good for 10 days; it is renewed after 9. */
const TOKEN_LIFE_MS = 9 * 24 * 60 * 60 * 1000;

type Json = Record<string, unknown>;

interface Call {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

const rupees = (paise: number) => Math.round(paise) / 100;
const kg = (grams: number) => Math.max(grams, 1) / 1000;
/** A field of their answer as trimmed text ('' when absent). */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** Return orders are looked for among the newest 20 pages of 50. */
const RETURN_PAGE_SIZE = 50;
const RETURN_PAGES = 20;
/** The pickup location's address is read again after an hour (the owner may edit it in their panel). */
const ADDRESS_LIFE_MS = 60 * 60 * 1000;

/** Where returns go: the configured pickup location, as Shiprocket holds it. */
interface ShopAddress {
  name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  phone: string;
  email: string;
}

/** A return order Shiprocket holds: its ids, and its AWB once one is assigned. */
interface ReturnOrder {
  providerOrderId: string;
  shipmentId: unknown;
  awb: string | null;
  courierName: string | null;
}

/** An AWB assignment's answer. */
interface Assignment {
  awb: string;
  courierName: string | null;
  /** They answered the date the courier comes to collect. */
  pickupScheduled: boolean;
}

/** "2026-11-26 14:05", India time. */
function orderDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Our order id for a return's parcel: the order's number and the return's first 8 hex digits (19
 * characters), the same on every try, and never a forward order's id (those are the orders' UUIDs).
 */
function returnOrderId(pickup: ReturnPickupBooking): string {
  return `R-${pickup.orderNumber}-${pickup.returnId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

function itemsOf(items: ParcelBooking['items']): Json[] {
  return items.map((item) => ({
    name: item.name,
    sku: item.sku,
    units: item.units,
    selling_price: rupees(item.sellingPricePaise),
    ...(item.hsnCode ? { hsn: item.hsnCode } : {}),
  }));
}

/** A refusal saying the order id was used before (a return order an earlier try created). */
function idTaken(body: Json | null): boolean {
  const errors = body?.errors as Record<string, unknown> | undefined;
  return [errors?.order_id ?? []].flat().some((m) => /already been taken/i.test(String(m)));
}

/** The assigned AWB, or a CourierError in their words. */
function assignmentOf(answer: Json): Assignment {
  const data = (answer.response as { data?: Json } | undefined)?.data;
  if (Number(answer.awb_assign_status) !== 1 || !text(data?.awb_code)) {
    throw new CourierError(`Shiprocket assigned no AWB: ${refusalOf(answer, 200)}`, false);
  }
  return {
    awb: text(data!.awb_code),
    courierName: text(data!.courier_name) || null,
    pickupScheduled: text(data!.pickup_scheduled_date) !== '',
  };
}

/** Their words for a refusal: the message and the first field error. */
function refusalOf(body: Json | null, status: number): string {
  const message = typeof body?.message === 'string' ? body.message : `HTTP ${status}`;
  const errors = body?.errors as Record<string, unknown> | undefined;
  const first = errors && Object.values(errors).flat()[0];
  return typeof first === 'string' && first !== message ? `${message} ${first}` : message;
}

export class ShiprocketCourier implements CourierService {
  readonly provider = 'shiprocket' as const;
  private token: { value: string; until: number } | null = null;
  private shop: { value: ShopAddress; until: number } | null = null;

  constructor(private readonly options: ShiprocketOptions) {}

  get webhookToken(): string {
    return this.options.webhookToken;
  }

  private async send(call: Call, token: string | null): Promise<Response> {
    const url = new URL(call.path, this.options.baseUrl);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    try {
      return await fetch(url, {
        method: call.method,
        headers: {
          accept: 'application/json',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new CourierError(`Shiprocket did not answer: ${err instanceof Error ? err.message : String(err)}`, true);
    }
  }

  private async login(): Promise<string> {
    const response = await this.send(
      {
        method: 'POST',
        path: '/v1/external/auth/login',
        body: { email: this.options.email, password: this.options.password },
      },
      null,
    );
    const body = (await response.json().catch(() => null)) as Json | null;
    if (!response.ok || typeof body?.token !== 'string') {
      throw new CourierError(
        `Shiprocket refused the sign-in: ${refusalOf(body, response.status)}`,
        response.status >= 500,
      );
    }
    this.token = { value: body.token, until: Date.now() + TOKEN_LIFE_MS };
    return body.token;
  }

  private async currentToken(): Promise<string> {
    return this.token && this.token.until > Date.now() ? this.token.value : this.login();
  }

  /** A signed-in call; a 401 (the token revoked or expired early) signs in again, once. */
  private async call(call: Call): Promise<{ status: number; body: Json | null }> {
    let response = await this.send(call, await this.currentToken());
    if (response.status === 401) {
      this.token = null;
      response = await this.send(call, await this.login());
    }
    const body = (await response.json().catch(() => null)) as Json | null;
    return { status: response.status, body };
  }

  /** An answer that must be a success: 5xx is worth a retry, 4xx is their refusal in their words. */
  private verdict({ status, body }: { status: number; body: Json | null }, what: string): Json {
    if (status >= 500) throw new CourierError(`Shiprocket failed to ${what} (HTTP ${status})`, true);
    if (status >= 400 || !body)
      throw new CourierError(`Shiprocket refused to ${what}: ${refusalOf(body, status)}`, false);
    return body;
  }

  /** A call that must succeed (see verdict). */
  private async must(call: Call, what: string): Promise<Json> {
    return this.verdict(await this.call(call), what);
  }

  async serviceability(query: ServiceabilityQuery): Promise<Serviceability> {
    const { status, body } = await this.call({
      method: 'GET',
      path: '/v1/external/courier/serviceability/',
      query: {
        pickup_postcode: query.fromPincode,
        delivery_postcode: query.toPincode,
        weight: String(kg(query.weightGrams)),
        cod: '0',
      },
    });
    if (status === 404) return { serviceable: false, cod: false, transitDays: { min: 0, max: 0 } };
    if (status >= 500) throw new CourierError(`Shiprocket serviceability failed (HTTP ${status})`, true);
    if (status >= 400) throw new CourierError(`Shiprocket refused serviceability: ${refusalOf(body, status)}`, false);
    const data = body?.data as { available_courier_companies?: Json[] } | undefined;
    const companies = Array.isArray(data?.available_courier_companies) ? data.available_courier_companies : [];
    if (!companies.length) return { serviceable: false, cod: false, transitDays: { min: 0, max: 0 } };
    const days = companies
      .map((c) => Number.parseInt(String(c.estimated_delivery_days ?? ''), 10))
      .filter((d) => Number.isFinite(d) && d > 0);
    if (!days.length) throw new CourierError('Shiprocket gave no delivery estimate', false);
    return {
      serviceable: true,
      cod: companies.some((c) => Number(c.cod) === 1),
      transitDays: { min: Math.min(...days), max: Math.max(...days) },
    };
  }

  private createBody(parcel: ParcelBooking): Json {
    const [first, ...rest] = parcel.customer.name.trim().split(/\s+/);
    return {
      // Our order's id (36 characters): unique, and the same on a retried booking.
      order_id: parcel.orderId,
      order_date: orderDate(parcel.createdAt),
      pickup_location: this.options.pickupLocation,
      billing_customer_name: first ?? parcel.customer.name,
      billing_last_name: rest.join(' '),
      billing_address: parcel.address.line,
      billing_city: parcel.address.city,
      billing_pincode: parcel.address.pincode,
      billing_state: parcel.address.state,
      billing_country: 'India',
      billing_email: parcel.customer.email,
      billing_phone: parcel.customer.phone,
      shipping_is_billing: true,
      order_items: itemsOf(parcel.items),
      payment_method: parcel.paymentMethod,
      sub_total: rupees(parcel.totalPaise),
      length: parcel.lengthCm,
      breadth: parcel.breadthCm,
      height: parcel.heightCm,
      weight: kg(parcel.weightGrams),
    };
  }

  /** Creates the order (or finds ours again), assigns the AWB, asks for the pickup and the label. */
  async book(parcel: ParcelBooking): Promise<BookedParcel> {
    const created = await this.must(
      { method: 'POST', path: '/v1/external/orders/create/adhoc', body: this.createBody(parcel) },
      'create the order',
    );
    const shipmentId = created.shipment_id;
    if (shipmentId === undefined || shipmentId === null) {
      throw new CourierError(`Shiprocket created no shipment: ${refusalOf(created, 200)}`, false);
    }
    let awb = typeof created.awb_code === 'string' && created.awb_code ? created.awb_code : null;
    let courierName = typeof created.courier_name === 'string' ? created.courier_name : null;
    if (!awb) {
      const assigned = assignmentOf(
        await this.must(
          { method: 'POST', path: '/v1/external/courier/assign/awb', body: { shipment_id: shipmentId } },
          'assign an AWB',
        ),
      );
      awb = assigned.awb;
      courierName = assigned.courierName;
    }
    const id = String(shipmentId);
    return {
      providerOrderId: String(created.order_id ?? parcel.orderId),
      providerShipmentId: id,
      awb,
      courierName: courierName || 'Shiprocket',
      pickupRequested: await this.requestPickup(id),
      labelUrl: await this.labelUrl(id).catch(() => null),
    };
  }

  /**
   * Issue 28: a reverse pickup. The return order is created once per return (our order id comes from
   * it); a repeat, or a retry after a fault, finds that order again and assigns its AWB only if no try
   * did, so the customer is never sent two couriers.
   */
  async bookReturn(pickup: ReturnPickupBooking): Promise<BookedParcel> {
    const order = await this.createReturn(pickup);
    let assigned: Assignment | null = null;
    if (!order.awb) {
      assigned = assignmentOf(
        await this.must(
          {
            method: 'POST',
            path: '/v1/external/courier/assign/awb',
            body: { shipment_id: order.shipmentId, is_return: 1 },
          },
          "assign the return's AWB",
        ),
      );
    }
    const shipmentId = String(order.shipmentId);
    return {
      providerOrderId: order.providerOrderId,
      providerShipmentId: shipmentId,
      awb: assigned?.awb ?? order.awb!,
      courierName: assigned?.courierName ?? order.courierName ?? 'Shiprocket',
      labelUrl: null,
      pickupRequested: assigned?.pickupScheduled || (await this.requestReturnPickup(shipmentId)),
    };
  }

  /** The return order made for this return: created now, or found again when an earlier try made it. */
  private async createReturn(pickup: ReturnPickupBooking): Promise<ReturnOrder> {
    const orderId = returnOrderId(pickup);
    const answer = await this.call({
      method: 'POST',
      path: '/v1/external/orders/create/return',
      body: this.returnBody(pickup, orderId, await this.shopAddress()),
    });
    if (answer.status === 422 && idTaken(answer.body)) return this.findReturn(orderId);
    const created = this.verdict(answer, 'create the return order');
    if (created.shipment_id === undefined || created.shipment_id === null) {
      throw new CourierError(`Shiprocket created no return shipment: ${refusalOf(created, 200)}`, false);
    }
    return {
      providerOrderId: text(created.order_id) || orderId,
      shipmentId: created.shipment_id,
      awb: text(created.awb_code) || null,
      courierName: text(created.courier_name) || null,
    };
  }

  private returnBody(pickup: ReturnPickupBooking, orderId: string, shop: ShopAddress): Json {
    const [first, ...rest] = pickup.customer.name.trim().split(/\s+/);
    return {
      order_id: orderId,
      order_date: orderDate(pickup.createdAt),
      // The courier collects from the customer (the order's delivery address)...
      pickup_customer_name: first || pickup.customer.name,
      pickup_last_name: rest.join(' '),
      pickup_address: pickup.address.line,
      pickup_city: pickup.address.city,
      pickup_state: pickup.address.state,
      pickup_country: 'India',
      pickup_pincode: pickup.address.pincode,
      pickup_email: pickup.customer.email,
      pickup_phone: pickup.customer.phone,
      // ...and brings the parcel to the shop's pickup location.
      shipping_customer_name: shop.name,
      shipping_address: shop.address,
      ...(shop.address2 ? { shipping_address_2: shop.address2 } : {}),
      shipping_city: shop.city,
      shipping_state: shop.state,
      shipping_country: shop.country || 'India',
      shipping_pincode: shop.pincode || pickup.shopPincode,
      shipping_phone: shop.phone,
      ...(shop.email ? { shipping_email: shop.email } : {}),
      order_items: itemsOf(pickup.items),
      payment_method: 'Prepaid',
      sub_total: rupees(pickup.totalPaise),
      length: pickup.lengthCm,
      breadth: pickup.breadthCm,
      height: pickup.heightCm,
      weight: kg(pickup.weightGrams),
    };
  }

  /** The address of the pickup location forward parcels name (`pickup_location`): where returns go. */
  private async shopAddress(): Promise<ShopAddress> {
    if (this.shop && this.shop.until > Date.now()) return this.shop.value;
    const answer = await this.must(
      { method: 'GET', path: '/v1/external/settings/company/pickup' },
      'list the pickup locations',
    );
    const listed = (answer.data as { shipping_address?: unknown } | undefined)?.shipping_address;
    const wanted = this.options.pickupLocation.trim().toLowerCase();
    const found = (Array.isArray(listed) ? (listed as Json[]) : []).find(
      (location) => text(location.pickup_location).toLowerCase() === wanted,
    );
    if (!found) {
      throw new CourierError(
        `Shiprocket has no pickup location named "${this.options.pickupLocation}" to send returns to`,
        false,
      );
    }
    const value: ShopAddress = {
      name: text(found.name) || this.options.pickupLocation,
      address: text(found.address),
      address2: text(found.address_2),
      city: text(found.city),
      state: text(found.state),
      country: text(found.country),
      pincode: text(found.pin_code),
      phone: text(found.phone),
      email: text(found.email),
    };
    this.shop = { value, until: Date.now() + ADDRESS_LIFE_MS };
    return value;
  }

  /** Our return order among theirs, newest pages first: the one an earlier try created. */
  private async findReturn(orderId: string): Promise<ReturnOrder> {
    for (let page = 1; page <= RETURN_PAGES; page += 1) {
      const answer = await this.must(
        {
          method: 'GET',
          path: '/v1/external/orders/processing/return',
          query: { page: String(page), per_page: String(RETURN_PAGE_SIZE) },
        },
        'list the return orders',
      );
      const rows = Array.isArray(answer.data) ? (answer.data as Json[]) : [];
      const row = rows.find((r) => text(r.channel_order_id) === orderId);
      if (row) return this.returnOrderOf(row, orderId);
      const pages = Number((answer.meta as { pagination?: Json } | undefined)?.pagination?.total_pages);
      if (Number.isFinite(pages) ? page >= pages : rows.length < RETURN_PAGE_SIZE) break;
    }
    // Created, yet not listed (their list may lag): a later try looks again.
    throw new CourierError(`Shiprocket has return order ${orderId} but does not list it yet`, true);
  }

  private returnOrderOf(row: Json, orderId: string): ReturnOrder {
    if (/cancel/i.test(text(row.status))) {
      throw new CourierError(
        `Shiprocket's return order ${orderId} was cancelled in its panel: book this pickup by hand`,
        false,
      );
    }
    const shipment = (Array.isArray(row.shipments) ? (row.shipments as Json[]) : [])[0];
    return {
      providerOrderId: text(row.id) || orderId,
      shipmentId: row.shipment_id ?? shipment?.id,
      awb: text(shipment?.awb) || null,
      courierName: text(shipment?.courier) || null,
    };
  }

  /**
   * The pickup request of a return whose AWB answer named no pickup date; "already" in a refusal means
   * an earlier try (or Shiprocket itself) booked it. Any other refusal leaves the return booked.
   */
  private async requestReturnPickup(shipmentId: string): Promise<boolean> {
    try {
      const { status, body } = await this.call({
        method: 'POST',
        path: '/v1/external/courier/generate/pickup',
        body: { shipment_id: [Number(shipmentId)] },
      });
      if (status < 300) return Number(body?.pickup_status) === 1;
      return status < 500 && /already/i.test(refusalOf(body, status));
    } catch (err) {
      if (err instanceof CourierError) return false;
      throw err;
    }
  }

  /** The pickup request; a refusal leaves the parcel booked (the owner asks again in their panel). */
  private async requestPickup(shipmentId: string): Promise<boolean> {
    try {
      const answer = await this.must(
        { method: 'POST', path: '/v1/external/courier/generate/pickup', body: { shipment_id: [Number(shipmentId)] } },
        'schedule the pickup',
      );
      return Number(answer.pickup_status) === 1;
    } catch (err) {
      if (err instanceof CourierError) return false;
      throw err;
    }
  }

  private async labelUrl(shipmentId: string): Promise<string> {
    const answer = await this.must(
      { method: 'POST', path: '/v1/external/courier/generate/label', body: { shipment_id: [Number(shipmentId)] } },
      'make the label',
    );
    if (typeof answer.label_url !== 'string' || !answer.label_url) {
      throw new CourierError(`Shiprocket made no label: ${String(answer.response ?? 'no label_url')}`, false);
    }
    return answer.label_url;
  }

  private async download(url: string): Promise<Response> {
    try {
      return await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new CourierError(
        `The label could not be fetched: ${err instanceof Error ? err.message : String(err)}`,
        true,
      );
    }
  }

  /** The label from its URL; a URL that no longer answers (their links expire) is made again, once. */
  async label(parcel: { providerShipmentId: string; labelUrl: string | null }): Promise<Buffer> {
    let response = await this.download(parcel.labelUrl ?? (await this.labelUrl(parcel.providerShipmentId)));
    if (parcel.labelUrl && response.status >= 400 && response.status < 500) {
      response = await this.download(await this.labelUrl(parcel.providerShipmentId));
    }
    if (!response.ok) throw new CourierError(`The label could not be fetched (HTTP ${response.status})`, true);
    return Buffer.from(await response.arrayBuffer());
  }

  trackingEvents(headers: Record<string, string | string[] | undefined>, body: unknown): TrackingEvent[] {
    verifyWebhookToken(headers, this.options.webhookToken);
    return trackingEventsOf(this.provider, body);
  }
}
