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

/** "2026-11-26 14:05", India time. */
function orderDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
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

  /** A call that must succeed: 5xx is worth a retry, 4xx is their refusal in their words. */
  private async must(call: Call, what: string): Promise<Json> {
    const { status, body } = await this.call(call);
    if (status >= 500) throw new CourierError(`Shiprocket failed to ${what} (HTTP ${status})`, true);
    if (status >= 400 || !body)
      throw new CourierError(`Shiprocket refused to ${what}: ${refusalOf(body, status)}`, false);
    return body;
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
      order_items: parcel.items.map((item) => ({
        name: item.name,
        sku: item.sku,
        units: item.units,
        selling_price: rupees(item.sellingPricePaise),
        ...(item.hsnCode ? { hsn: item.hsnCode } : {}),
      })),
      payment_method: parcel.paymentMethod,
      sub_total: rupees(parcel.totalPaise),
      length: parcel.lengthCm,
      breadth: parcel.breadthCm,
      height: parcel.heightCm,
      weight: kg(parcel.weightGrams),
    };
  }

  /** Creates the order (or finds ours again), assigns the AWB, asks for the pickup and the label. */
  /** Issue 28: reverse pickups through Shiprocket's return orders are being built (helper branch i28-courier). */
  bookReturn(pickup: ReturnPickupBooking): Promise<BookedParcel> {
    return Promise.reject(
      new CourierError(
        `Book the pickup of return ${pickup.returnId} by hand: Shiprocket return orders are not connected yet.`,
        false,
      ),
    );
  }

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
      const assigned = await this.must(
        { method: 'POST', path: '/v1/external/courier/assign/awb', body: { shipment_id: shipmentId } },
        'assign an AWB',
      );
      const data = (assigned.response as { data?: Json } | undefined)?.data;
      if (Number(assigned.awb_assign_status) !== 1 || typeof data?.awb_code !== 'string' || !data.awb_code) {
        throw new CourierError(`Shiprocket assigned no AWB: ${refusalOf(assigned, 200)}`, false);
      }
      awb = data.awb_code;
      courierName = typeof data.courier_name === 'string' ? data.courier_name : null;
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
