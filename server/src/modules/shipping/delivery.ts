import {
  DEFAULT_TRANSIT_DAYS,
  estimateDelivery,
  zoneOf,
  type DeliveryAnswer,
  type DeliveryEstimate,
  type PincodeInfo,
  type ShippingZone,
} from '@rr/core';
import type { FastifyBaseLogger } from 'fastify';
import { CourierError, type CourierService, type Serviceability } from '../../adapters/courier/index.ts';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import type { ShopShipping } from './settings.ts';

/** Where a parcel goes and how: the destination, its zone, whether cash is collected, when it arrives. */
export interface DeliveryFacts {
  place: PincodeInfo;
  zone: ShippingZone;
  serviceable: boolean;
  cod: boolean;
  estimate: DeliveryEstimate;
}

/** How long a courier's answer about a route is reused (routes change rarely; the call is slow). */
const SERVICEABILITY_TTL_MS = 6 * 60 * 60 * 1000;
const SERVICEABILITY_CACHE_MAX = 5_000;

/**
 * Issue 27: deliveries from the shop's pickup pincode: the zone (from the pincode directory), the
 * courier's serviceability (kept six hours per route and weight step) and the dates. When the courier
 * cannot be reached, the zone's usual transit days stand in and cash is taken as collected: a quote
 * never fails because a courier's API is down (the booking, later, asks again).
 */
export class Deliveries {
  private readonly cache = new Map<string, { at: number; answer: Serviceability }>();

  constructor(
    readonly pincodes: PincodeDirectory,
    readonly courier: CourierService,
    /** The seller's pincode from the configuration: where parcels leave unless the owner sets another. */
    readonly sellerPincode: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'> | null = null,
  ) {}

  /** The delivery to `postalCode` of a parcel of `weightGrams`; null for a pincode not in the directory. */
  async to(settings: ShopShipping, postalCode: string, weightGrams: number, now = new Date()) {
    const [place, origin] = await Promise.all([
      this.pincodes.lookup(postalCode),
      this.pincodes.lookup(settings.originPincode),
    ]);
    if (!place) return null;
    const zone = origin ? zoneOf(origin, place) : 'rest_of_india';
    const route = await this.serviceability(settings.originPincode, postalCode, weightGrams, zone);
    const facts: DeliveryFacts = {
      place,
      zone,
      serviceable: route.serviceable,
      cod: route.serviceable && route.cod,
      estimate: estimateDelivery(now, route.transitDays, {
        cutoffMinutes: settings.cutoffMinutes,
        holidays: settings.holidays,
      }),
    };
    return facts;
  }

  private async serviceability(from: string, to: string, grams: number, zone: ShippingZone): Promise<Serviceability> {
    // Couriers price and route by 500 g steps: one answer serves every parcel of the step.
    const step = Math.max(1, Math.ceil(grams / 500));
    const key = `${from}:${to}:${step}`;
    const seen = this.cache.get(key);
    if (seen && Date.now() - seen.at < SERVICEABILITY_TTL_MS) return seen.answer;
    try {
      const answer = await this.courier.serviceability({ fromPincode: from, toPincode: to, weightGrams: step * 500 });
      if (this.cache.size >= SERVICEABILITY_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, { at: Date.now(), answer });
      return answer;
    } catch (err) {
      if (!(err instanceof CourierError)) throw err;
      this.log?.warn({ err, to }, 'courier serviceability failed; using the zone table');
      return { serviceable: true, cod: true, transitDays: DEFAULT_TRANSIT_DAYS[zone] };
    }
  }
}

/** The delivery as the quote and the pincode answer show it. */
export function deliveryAnswer(facts: DeliveryFacts): DeliveryAnswer {
  return {
    postalCode: facts.place.pincode,
    zone: facts.zone,
    cod: facts.cod,
    deliveryDays: facts.estimate.deliveryDays,
    deliverBy: { from: facts.estimate.from, to: facts.estimate.to },
    dispatchOn: facts.estimate.dispatchOn,
  };
}
