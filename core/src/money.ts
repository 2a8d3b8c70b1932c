/**
 * Money is stored and computed as integer paise; the API and the screens speak rupees.
 * This is the only module that converts between the two.
 */
export type Paise = number;

export function toPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
  // Round via the decimal string so 0.1 + 0.2 style binary noise cannot move a paisa.
  return Math.round(Number((rupees * 100).toFixed(4)));
}

export function toRupees(paise: Paise): number {
  if (!Number.isInteger(paise)) throw new RangeError(`Paise must be whole: ${paise}`);
  return paise / 100;
}

/** `part` percent of `paise`, rounded half up to a whole paisa. */
export function percentOf(paise: Paise, part: number): Paise {
  return Math.floor((paise * part + 50) / 100);
}

/** `basisPoints` hundredths of a percent of `paise` (1800 = 18%), rounded half up to a whole paisa. */
export function basisPointsOf(paise: Paise, basisPoints: number): Paise {
  return Math.floor((paise * basisPoints + 5000) / 10000);
}

/**
 * |value| rounded to `places` decimals as Intl rounds (the shortest decimal that reads back as the
 * number, e.g. 999755.845 and not the binary value just below it; halves away from zero): the whole
 * part's digits and the decimals' digits.
 */
function roundedDigits(value: number, places: number): [whole: string, decimals: string] {
  // Exponent forms (below a millionth) round to zero at these places.
  const [whole = '0', decimals = ''] = (Math.abs(value) < 1e-6 ? '0' : String(Math.abs(value))).split('.');
  const digits = decimals.padEnd(places + 1, '0');
  const scaled = BigInt(whole + digits.slice(0, places)) + (digits[places]! >= '5' ? 1n : 0n);
  const text = scaled.toString().padStart(places + 1, '0');
  return [text.slice(0, text.length - places), text.slice(text.length - places)];
}

/** 12345678 -> 1,23,45,678: the last three digits, then pairs. */
function indianGrouping(whole: string): string {
  const pairs = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return pairs ? `${pairs},${whole.slice(-3)}` : whole;
}

/** Amounts beyond this print as JavaScript writes them (no amount here comes near). */
const LARGEST = 1e15;

/**
 * ₹1,23,456.00: rupees with Indian digit grouping and 2 decimals, exactly as `Intl.NumberFormat('en-IN',
 * { style: 'currency', currency: 'INR' })` writes them (but ₹0.00 for minus zero). Written out rather
 * than asked of Intl: making that formatter cost a phone's browser about 15 ms of the page's first
 * script, for a rule this small (issue 13), and the server and every browser print the same text.
 */
export function formatRupees(rupees: number): string {
  if (!Number.isFinite(rupees) || Math.abs(rupees) >= LARGEST) return `₹${rupees}`;
  const [whole, decimals] = roundedDigits(rupees, 2);
  return `${rupees < 0 ? '-' : ''}₹${indianGrouping(whole)}.${decimals}`;
}

/**
 * 1,23,456.78: paise as rupees with Indian digit grouping and always two decimals, without the symbol,
 * for columns whose heading says ₹ (the tax invoice).
 */
export function formatPaiseAmount(paise: Paise): string {
  return formatRupees(toRupees(paise)).replace('₹', '');
}

/** 1,234.5: Indian digit grouping and at most two decimals, as `Intl.NumberFormat('en-IN')` with two. */
export function formatDecimal(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= LARGEST) return String(value);
  const [whole, decimals] = roundedDigits(value, 2);
  const fraction = decimals.replace(/0+$/, '');
  const text = `${indianGrouping(whole)}${fraction ? `.${fraction}` : ''}`;
  return value < 0 && text !== '0' ? `-${text}` : text;
}
