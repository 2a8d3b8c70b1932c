/**
 * The Indian couriers the admin picks from when shipping an order, with the public tracking page of a
 * consignment (AWB) number. Any other courier is free text and gets no link.
 *
 * The URL patterns are the carriers' public tracking pages as commonly linked; they were written on a
 * machine without internet access and must be clicked through once before launch (docs/decisions/0015).
 */
export interface Courier {
  id: 'india-post' | 'delhivery' | 'blue-dart' | 'dtdc' | 'ekart' | 'xpressbees';
  name: string;
  /** Other spellings an admin may type. */
  aliases: readonly string[];
  /** The tracking page of a consignment: the AWB (validated, URL-encoded) goes where AWB_PLACE is. */
  trackingPage: string;
}

/** Where a courier's `trackingPage` takes the AWB. */
export const AWB_PLACE = '{awb}';

export type CourierId = Courier['id'];

export const COURIERS: readonly Courier[] = [
  {
    id: 'india-post',
    name: 'India Post',
    aliases: ['Speed Post', 'IndiaPost', 'Post Office'],
    trackingPage: 'https://www.indiapost.gov.in/track-result/article-number/{awb}',
  },
  {
    id: 'delhivery',
    name: 'Delhivery',
    aliases: [],
    trackingPage: 'https://www.delhivery.com/track/package/{awb}',
  },
  {
    id: 'blue-dart',
    name: 'Blue Dart',
    aliases: ['BlueDart', 'Blue Dart Express'],
    trackingPage: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}',
  },
  {
    id: 'dtdc',
    name: 'DTDC',
    aliases: ['DTDC Express'],
    trackingPage: 'https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno={awb}&TrkType2=awb_no',
  },
  {
    id: 'ekart',
    name: 'Ekart',
    aliases: ['Ekart Logistics', 'E-Kart'],
    trackingPage: 'https://ekartlogistics.com/shipmenttrack/{awb}',
  },
  {
    id: 'xpressbees',
    name: 'Xpressbees',
    aliases: ['XpressBees', 'Xpress Bees'],
    trackingPage: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}',
  },
];

/** The longest courier name an admin may type (a free-text courier is printed as typed). */
export const COURIER_NAME_MAX = 60;
export const TRACKING_NUMBER_MIN = 4;
export const TRACKING_NUMBER_MAX = 30;
/** A tracking number, once normalised: letters, digits and inner hyphens. */
export const TRACKING_NUMBER_SHAPE = /^[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?$/;

/** How a courier's name is compared: its letters and digits, lower case ("Blue-Dart" is "bluedart"). */
export const courierKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const couriersByKey = new Map<string, Courier>();
for (const courier of COURIERS) {
  for (const name of [courier.id, courier.name, ...courier.aliases]) couriersByKey.set(courierKey(name), courier);
}

/** Each spelling of a known courier (by `courierKey`) and its tracking page (the database's order JSON links with these). */
export const TRACKING_PAGES_BY_KEY: Readonly<Record<string, string>> = Object.fromEntries(
  [...couriersByKey].map(([key, courier]) => [key, courier.trackingPage]),
);

/** The known courier an admin's text names ("blue dart", "BlueDart" and "Blue-Dart" are Blue Dart); else null. */
export function courierByName(name: string): Courier | null {
  return couriersByKey.get(courierKey(name)) ?? null;
}

/**
 * A tracking (AWB) number as typed, normalised: spaces removed, upper case; null unless it is then
 * 4 to 30 characters of letters, digits and inner hyphens. Couriers' own formats differ (India Post's
 * EE123456789IN, Blue Dart's 11 digits, DTDC's letter and 8 digits ...) and change, so only the shape
 * that is safe to store, print and link is checked.
 */
export function normalizeTrackingNumber(text: string): string | null {
  const awb = text.replace(/\s+/g, '').toUpperCase();
  if (awb.length < TRACKING_NUMBER_MIN || awb.length > TRACKING_NUMBER_MAX) return null;
  return TRACKING_NUMBER_SHAPE.test(awb) ? awb : null;
}

/**
 * The tracking page of a shipment: for a known courier and a valid AWB, its public tracking URL with the
 * AWB URL-encoded; null for a free-text courier or an AWB that `normalizeTrackingNumber` refuses.
 */
export function trackingUrl(courierName: string, trackingNumber: string): string | null {
  const courier = courierByName(courierName);
  const awb = normalizeTrackingNumber(trackingNumber);
  if (!courier || !awb) return null;
  return courier.trackingPage.replace(AWB_PLACE, encodeURIComponent(awb));
}
