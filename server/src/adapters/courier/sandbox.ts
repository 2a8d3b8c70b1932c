import { DEFAULT_TRANSIT_DAYS, zoneOf } from '@rr/core';
import type { PincodeDirectory } from '../pincode/offline-directory.ts';
import {
  CourierError,
  type BookedParcel,
  type CourierService,
  type ParcelBooking,
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

export class SandboxCourier implements CourierService {
  readonly provider = 'sandbox' as const;

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

  book(_parcel: ParcelBooking): Promise<BookedParcel> {
    return Promise.reject(new CourierError('Booking is not built yet', false));
  }

  label(): Promise<Buffer> {
    return Promise.reject(new CourierError('Labels are not built yet', false));
  }

  trackingEvents(): TrackingEvent[] {
    return [];
  }
}
