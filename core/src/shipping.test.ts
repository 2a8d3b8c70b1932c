import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PACKAGE,
  SHIPPING_ZONES,
  chargeableGrams,
  codFeeFor,
  codVerdict,
  estimateDelivery,
  formatDeliveryDate,
  freightFor,
  shippingChargeOnCard,
  zoneOf,
  type RateCard,
  type ShippingPlace,
  type ZoneRates,
} from './shipping.ts';

const varanasi: ShippingPlace = { pincode: '221001', district: 'Varanasi', state: 'Uttar Pradesh' };
const sarnath: ShippingPlace = { pincode: '221007', district: 'Varanasi', state: 'Uttar Pradesh' };
const lucknow: ShippingPlace = { pincode: '226001', district: 'Lucknow', state: 'Uttar Pradesh' };
const mumbai: ShippingPlace = { pincode: '400001', district: 'Mumbai', state: 'Maharashtra' };
const delhi: ShippingPlace = { pincode: '110001', district: 'New Delhi', state: 'Delhi' };
const guwahati: ShippingPlace = { pincode: '781001', district: 'Kamrup Metropolitan', state: 'Assam' };
const srinagar: ShippingPlace = { pincode: '190001', district: 'Srinagar', state: 'Jammu and Kashmir' };
const jaipur: ShippingPlace = { pincode: '302001', district: 'Jaipur', state: 'Rajasthan' };

const rates = (base: number): ZoneRates => ({
  within_city: base,
  within_state: base + 1000,
  metro: base + 2000,
  rest_of_india: base + 3000,
  special: base + 5000,
});

const card: RateCard = {
  slabs: [
    { upToGrams: 500, rates: rates(4000) },
    { upToGrams: 1000, rates: rates(6000) },
    { upToGrams: 2000, rates: rates(9000) },
  ],
  extraPer500g: rates(2500),
  freeAbovePaise: 999_00,
  codFeePaise: 40_00,
  codFeePercent: 2,
};

describe('zoneOf: the zones Indian couriers price by', () => {
  it('names the zone of each kind of route', () => {
    expect(zoneOf(varanasi, sarnath)).toBe('within_city');
    expect(zoneOf(varanasi, lucknow)).toBe('within_state');
    expect(zoneOf(delhi, mumbai)).toBe('metro');
    expect(zoneOf(varanasi, mumbai)).toBe('rest_of_india');
    expect(zoneOf(varanasi, jaipur)).toBe('rest_of_india');
    expect(zoneOf(varanasi, guwahati)).toBe('special');
    expect(zoneOf(delhi, srinagar)).toBe('special');
  });

  it('a special-zone state is within state (or city) for a shop inside it', () => {
    expect(zoneOf(guwahati, { ...guwahati, pincode: '781005' })).toBe('within_city');
    expect(zoneOf(guwahati, { pincode: '785001', district: 'Jorhat', state: 'Assam' })).toBe('within_state');
  });
});

describe('the rate card', () => {
  it('charges the slab a parcel falls in, then each further 500 g or part', () => {
    expect(freightFor(card, 'within_city', 1)).toBe(4000);
    expect(freightFor(card, 'within_city', 500)).toBe(4000);
    expect(freightFor(card, 'within_city', 501)).toBe(6000);
    expect(freightFor(card, 'special', 2000)).toBe(14000);
    expect(freightFor(card, 'special', 2001)).toBe(14000 + 7500);
    expect(freightFor(card, 'special', 2500)).toBe(14000 + 7500);
    expect(freightFor(card, 'special', 2501)).toBe(14000 + 2 * 7500);
  });

  it('is free above the threshold of the items’ value, and only above it', () => {
    expect(shippingChargeOnCard(card, 'metro', 400, 999_00)).toBe(6000);
    expect(shippingChargeOnCard(card, 'metro', 400, 999_01)).toBe(0);
    expect(shippingChargeOnCard({ ...card, freeAbovePaise: null }, 'metro', 400, 10_00_000_00)).toBe(6000);
  });

  it('property: a heavier parcel or a farther zone never costs less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: SHIPPING_ZONES.length - 2 }),
        (grams, more, zoneAt) => {
          const zone = SHIPPING_ZONES[zoneAt]!;
          const farther = SHIPPING_ZONES[zoneAt + 1]!;
          expect(freightFor(card, zone, grams + more)).toBeGreaterThanOrEqual(freightFor(card, zone, grams));
          expect(freightFor(card, farther, grams)).toBeGreaterThanOrEqual(freightFor(card, zone, grams));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('bills the larger of the dead weight and the volume weight (L × B × H / 5000)', () => {
    // 12 × 10 × 6 cm = 720 cm³ = 144 g by volume; 100 g dead.
    expect(chargeableGrams([{ pkg: DEFAULT_PACKAGE, qty: 1 }])).toBe(144);
    expect(chargeableGrams([{ pkg: { ...DEFAULT_PACKAGE, weightGrams: 300 }, qty: 2 }])).toBe(600);
    expect(chargeableGrams([{ pkg: { weightGrams: 10, lengthCm: 30, breadthCm: 30, heightCm: 30 }, qty: 1 }])).toBe(
      5400,
    );
  });

  it('takes the larger of the flat COD fee and its percent of the order', () => {
    expect(codFeeFor(card, 1000_00)).toBe(40_00);
    expect(codFeeFor(card, 2000_00)).toBe(40_00);
    expect(codFeeFor(card, 2000_50)).toBe(40_01);
    expect(codFeeFor(card, 10_000_00)).toBe(200_00);
  });
});

describe('codVerdict', () => {
  const facts = { orderValuePaise: 10_000_00, codMaxPaise: 50_000_00, pincodeCod: true, madeToOrder: false };
  it('allows COD within the limit where the courier collects cash', () => {
    expect(codVerdict(facts)).toEqual({ allowed: true, refusal: null, reason: null });
    expect(codVerdict({ ...facts, orderValuePaise: 50_000_00 }).allowed).toBe(true);
    // A pincode not known yet does not refuse (the order, with its pincode, is judged again).
    expect(codVerdict({ ...facts, pincodeCod: null }).allowed).toBe(true);
  });

  it('refuses above the limit, where cash is not collected, and for made-to-order items, saying why', () => {
    expect(codVerdict({ ...facts, orderValuePaise: 70_210_00 })).toEqual({
      allowed: false,
      refusal: 'above_limit',
      reason: 'Cash on Delivery is available for orders up to ₹50,000. Please pay online.',
      limit: 50_000,
    });
    expect(codVerdict({ ...facts, pincodeCod: false, postalCode: '744101' })).toEqual({
      allowed: false,
      refusal: 'pincode',
      reason: 'Our courier does not collect cash at pincode 744101. Please pay online.',
    });
    expect(codVerdict({ ...facts, madeToOrder: true }).refusal).toBe('made_to_order');
  });
});

describe('estimateDelivery', () => {
  const calendar = { cutoffMinutes: 14 * 60, holidays: new Set<string>() };
  // Thursday 26 Nov 2026. 10:00 IST is 04:30 UTC.
  const thursdayMorning = new Date('2026-11-26T04:30:00Z');
  const thursdayEvening = new Date('2026-11-26T12:00:00Z'); // 17:30 IST

  it('dispatches today before the cut-off and counts transit in working days, skipping Sunday', () => {
    const e = estimateDelivery(thursdayMorning, { min: 2, max: 4 }, calendar);
    expect(e.dispatchOn).toBe('2026-11-26');
    expect(e.from).toBe('2026-11-28'); // Sat
    expect(e.to).toBe('2026-12-01'); // Fri, Sat, (Sun skipped), Mon, Tue
    expect(e.deliveryDays).toEqual({ min: 2, max: 5 });
  });

  it('after the cut-off dispatches on the next working day', () => {
    const e = estimateDelivery(thursdayEvening, { min: 1, max: 2 }, calendar);
    expect(e.dispatchOn).toBe('2026-11-27');
    expect(e.from).toBe('2026-11-28');
    expect(e.to).toBe('2026-11-30');
  });

  it('skips the shop’s holidays, for dispatch and for delivery', () => {
    const holidays = new Set(['2026-11-26', '2026-11-27']);
    const e = estimateDelivery(thursdayMorning, { min: 1, max: 1 }, { ...calendar, holidays });
    expect(e.dispatchOn).toBe('2026-11-28');
    expect(e.to).toBe('2026-11-30');
  });

  it('property: never delivers on a Sunday or a holiday, and from is never after to', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 * 24 * 60 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 8 }),
        (minutes, a, b, offsets) => {
          const now = new Date(Date.parse('2026-01-01T00:00:00Z') + minutes * 60_000);
          const holidays = new Set(
            offsets.map((d) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10)),
          );
          const e = estimateDelivery(now, { min: Math.min(a, b), max: Math.max(a, b) }, { ...calendar, holidays });
          for (const day of [e.dispatchOn, e.from, e.to]) {
            expect(new Date(`${day}T00:00:00Z`).getUTCDay()).not.toBe(0);
            expect(holidays.has(day)).toBe(false);
          }
          expect(e.from <= e.to).toBe(true);
          expect(e.deliveryDays.min).toBeGreaterThanOrEqual(1);
          expect(e.deliveryDays.min).toBeLessThanOrEqual(e.deliveryDays.max);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the date as customers read it', () => {
    expect(formatDeliveryDate('2026-12-02')).toBe('Wed, 2 Dec');
    expect(formatDeliveryDate('2026-09-07')).toBe('Mon, 7 Sept');
  });
});
