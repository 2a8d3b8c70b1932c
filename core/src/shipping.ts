import { IST_OFFSET_MS } from './dates.ts';
import { formatDecimal, percentOf, toRupees, type Paise } from './money.ts';

/**
 * Issue 27: shipping the Indian way (decision 0042). The zones Indian couriers price by, the owner's
 * rate card, a parcel's chargeable weight, the COD fee, whether Cash on Delivery may be offered, and the
 * date a parcel is delivered by. Pure functions: the server feeds them the pincode directory, the
 * courier's serviceability, the shop's settings and the clock.
 */

/** The zones of an Indian courier's rate card, from the cheapest. */
export const SHIPPING_ZONES = ['within_city', 'within_state', 'metro', 'rest_of_india', 'special'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

export const SHIPPING_ZONE_LABELS: Record<ShippingZone, string> = {
  within_city: 'Within city',
  within_state: 'Within state',
  metro: 'Metro to metro',
  rest_of_india: 'Rest of India',
  special: 'North-East, J&K and islands',
};

/**
 * The states couriers price as a special zone: the north-east, Jammu & Kashmir and Ladakh, and the
 * islands (Andaman & Nicobar, Lakshadweep). Names as the pincode directory writes them.
 */
export const SPECIAL_ZONE_STATES: ReadonlySet<string> = new Set([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

/**
 * The metro cities couriers' "metro to metro" zone joins, by the first three digits of their pincodes
 * (the sorting district): Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad, Ahmedabad and Pune.
 */
export const METRO_PINCODE_PREFIXES: ReadonlySet<string> = new Set([
  '110',
  '400',
  '700',
  '600',
  '560',
  '500',
  '380',
  '411',
]);

/** A place a parcel leaves from or goes to: its pincode, and its district and state from the directory. */
export interface ShippingPlace {
  pincode: string;
  district: string;
  state: string;
}

const isMetro = (pincode: string) => METRO_PINCODE_PREFIXES.has(pincode.slice(0, 3));

/**
 * The zone of a parcel from `from` to `to`: the same district is within city, the same state within
 * state; otherwise a special-zone destination is special, two metros are metro to metro, and the rest
 * is the rest of India.
 */
export function zoneOf(from: ShippingPlace, to: ShippingPlace): ShippingZone {
  if (from.state === to.state && from.district === to.district) return 'within_city';
  if (from.state === to.state) return 'within_state';
  if (SPECIAL_ZONE_STATES.has(to.state)) return 'special';
  if (isMetro(from.pincode) && isMetro(to.pincode)) return 'metro';
  return 'rest_of_india';
}

/** One product's parcel: its weight and its box (a product without its own has the shop's default). */
export interface Package {
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** Couriers in India bill the larger of the dead weight and the volume weight, L × B × H (cm) / 5000 kg. */
export const VOLUMETRIC_DIVISOR = 5000;

/**
 * The weight a parcel of these units is billed at, in grams: the larger of their weights added up and
 * their volumes added up at 5000 cm³ a kilogram (rounded up to the gram).
 */
export function chargeableGrams(units: readonly { pkg: Package; qty: number }[]): number {
  const dead = units.reduce((sum, u) => sum + u.pkg.weightGrams * u.qty, 0);
  const volume = units.reduce((sum, u) => sum + u.pkg.lengthCm * u.pkg.breadthCm * u.pkg.heightCm * u.qty, 0);
  return Math.max(dead, Math.ceil((volume * 1000) / VOLUMETRIC_DIVISOR));
}

/** A rate per zone, in paise before GST. */
export type ZoneRates = Record<ShippingZone, Paise>;

/**
 * The owner's rate card: the price of a parcel up to each weight slab per zone, what each further 500 g
 * (or part) above the last slab costs, the items' value (before GST) above which freight is free, and
 * the COD fee (the larger of a flat fee and a percent of the order's value). Before GST, like prices.
 */
export interface RateCard {
  /** In ascending weight; at least one. */
  slabs: { upToGrams: number; rates: ZoneRates }[];
  extraPer500g: ZoneRates;
  /** Freight is free when the items' value before GST is above this; null: never free. */
  freeAbovePaise: Paise | null;
  codFeePaise: Paise;
  /** Percent of the order's value; the fee is the larger of the two. */
  codFeePercent: number;
}

/** The freight of a parcel of `grams` to `zone` on `card`, before the free-shipping threshold. */
export function freightFor(card: RateCard, zone: ShippingZone, grams: number): Paise {
  const slab = card.slabs.find((s) => grams <= s.upToGrams);
  if (slab) return slab.rates[zone];
  const last = card.slabs[card.slabs.length - 1]!;
  const extraSteps = Math.ceil((grams - last.upToGrams) / 500);
  return last.rates[zone] + extraSteps * card.extraPer500g[zone];
}

/** The freight charged for an order: free above the card's threshold of the items' value. */
export function shippingChargeOnCard(card: RateCard, zone: ShippingZone, grams: number, itemsPaise: Paise): Paise {
  if (card.freeAbovePaise !== null && itemsPaise > card.freeAbovePaise) return 0;
  return freightFor(card, zone, grams);
}

/** The COD fee on an order worth `orderValuePaise` (the goods with their GST, after discounts). */
export function codFeeFor(card: Pick<RateCard, 'codFeePaise' | 'codFeePercent'>, orderValuePaise: Paise): Paise {
  return Math.max(card.codFeePaise, percentOf(orderValuePaise, card.codFeePercent));
}

/** PRODUCT.md: Cash on Delivery is refused above this order value unless the owner changes it. */
export const DEFAULT_COD_MAX_PAISE = 50_000_00;

/** Why Cash on Delivery is not offered for an order (each with the message the customer reads). */
export type CodRefusal = 'above_limit' | 'pincode' | 'made_to_order';

export interface CodFacts {
  /** The order's total as it would be paid in cash. */
  orderValuePaise: Paise;
  codMaxPaise: Paise;
  /** Whether the courier collects cash at the delivery pincode; null while the pincode is not known. */
  pincodeCod: boolean | null;
  postalCode?: string | undefined;
  /** A line carries a made-to-order add-on (energisation, engraving): never sent Cash on Delivery. */
  madeToOrder: boolean;
}

export interface CodVerdict {
  allowed: boolean;
  refusal: CodRefusal | null;
  /** What the customer reads when refused, offering online payment. */
  reason: string | null;
  /** Issue 30: with `above_limit`, the limit in rupees (pages in other languages say it from this). */
  limit?: number;
}

const rupeesText = (paise: Paise) => `₹${formatDecimal(toRupees(paise))}`;

/** Whether an order may be paid in cash at the door, and why not (PRODUCT.md "Shipping and COD"). */
export function codVerdict(facts: CodFacts): CodVerdict {
  const refuse = (refusal: CodRefusal, reason: string): CodVerdict => ({ allowed: false, refusal, reason });
  if (facts.madeToOrder) {
    return refuse(
      'made_to_order',
      'Made-to-order items (such as energisation) are not sent Cash on Delivery. Please pay online.',
    );
  }
  if (facts.orderValuePaise > facts.codMaxPaise) {
    return {
      ...refuse(
        'above_limit',
        `Cash on Delivery is available for orders up to ${rupeesText(facts.codMaxPaise)}. Please pay online.`,
      ),
      limit: toRupees(facts.codMaxPaise),
    };
  }
  if (facts.pincodeCod === false) {
    return refuse(
      'pincode',
      `Our courier does not collect cash at ${facts.postalCode ? `pincode ${facts.postalCode}` : 'this pincode'}. Please pay online.`,
    );
  }
  return { allowed: true, refusal: null, reason: null };
}

/** Calendar dates are 'YYYY-MM-DD' in Indian time. */
const DAY_MS = 24 * 60 * 60 * 1000;
const istDate = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const isSunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;

/** What the shop's calendar needs: its daily cut-off (minutes after midnight, IST) and its holidays. */
export interface DispatchCalendar {
  cutoffMinutes: number;
  /** 'YYYY-MM-DD' days the shop does not dispatch and couriers do not deliver. */
  holidays: ReadonlySet<string>;
}

const isWorkingDay = (date: string, calendar: DispatchCalendar) => !isSunday(date) && !calendar.holidays.has(date);

function nextWorkingDay(date: string, calendar: DispatchCalendar): string {
  let day = date;
  for (let i = 0; i < 400 && !isWorkingDay(day, calendar); i++) day = addDays(day, 1);
  return day;
}

/** `days` working days after `date` (Sundays and holidays skipped). */
function afterWorkingDays(date: string, days: number, calendar: DispatchCalendar): string {
  let day = date;
  for (let left = days; left > 0; left--) day = nextWorkingDay(addDays(day, 1), calendar);
  return day;
}

export interface DeliveryEstimate {
  /** The day the parcel is handed to the courier. */
  dispatchOn: string;
  /** The earliest and latest day it is delivered. */
  from: string;
  to: string;
  /** Calendar days from today to those days. */
  deliveryDays: { min: number; max: number };
}

/**
 * When an order placed at `now` is delivered: dispatched today if it is a working day before the
 * cut-off, else on the next working day; then the courier's transit days, counted in working days
 * (couriers do not deliver on Sundays or the shop's holidays).
 */
export function estimateDelivery(
  now: Date,
  transitDays: { min: number; max: number },
  calendar: DispatchCalendar,
): DeliveryEstimate {
  const today = istDate(now);
  const minutes = Math.floor(((now.getTime() + IST_OFFSET_MS) % DAY_MS) / 60_000);
  const start = minutes < calendar.cutoffMinutes ? today : addDays(today, 1);
  const dispatchOn = nextWorkingDay(start, calendar);
  const from = afterWorkingDays(dispatchOn, Math.max(1, transitDays.min), calendar);
  const to = afterWorkingDays(dispatchOn, Math.max(1, transitDays.min, transitDays.max), calendar);
  const daysFromToday = (date: string) => Math.round((Date.parse(date) - Date.parse(today)) / DAY_MS);
  return { dispatchOn, from, to, deliveryDays: { min: daysFromToday(from), max: daysFromToday(to) } };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 'Tue, 2 Dec' for '2026-12-02'. */
export function formatDeliveryDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** The transit days couriers take per zone when no courier says otherwise (the sandbox's serviceability). */
export const DEFAULT_TRANSIT_DAYS: Record<ShippingZone, { min: number; max: number }> = {
  within_city: { min: 1, max: 2 },
  within_state: { min: 2, max: 4 },
  metro: { min: 2, max: 4 },
  rest_of_india: { min: 4, max: 6 },
  special: { min: 6, max: 9 },
};

/** The parcel the shop packs a product in unless the product says otherwise: a small padded box. */
export const DEFAULT_PACKAGE: Package = { weightGrams: 100, lengthCm: 12, breadthCm: 10, heightCm: 6 };

/** The shop's dispatch cut-off unless the owner changes it: 2 pm, Indian time. */
export const DEFAULT_CUTOFF_MINUTES = 14 * 60;
