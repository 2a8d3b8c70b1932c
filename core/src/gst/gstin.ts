/**
 * GSTINs: the 15-character number of a GST registration, checked by its shape and its check character
 * so that a mistyped number is refused at checkout rather than printed on a B2B invoice.
 *
 *   27      AAPFU0939F  1       Z   V
 *   state   PAN         entity  Z   check character
 *
 * - state: the GST state code, 01 to 38, or 97 (Other Territory) or 99 (Centre jurisdiction);
 * - PAN: five letters, four digits, a letter;
 * - entity: which registration of that PAN in that state, 1 to 9 and then A to Z;
 * - 'Z' (reserved), then the check character of the first fourteen.
 */

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const GSTIN_LENGTH = 15;

/**
 * The check character of a GSTIN's first fourteen characters (GSTN's published scheme, a Luhn mod 36):
 * each character's value (0-9, then A = 10 to Z = 35) is multiplied by 1 and 2 in turn, from the left;
 * each product is written in base 36 and its two digits added (quotient + remainder by 36); the check
 * character is the one whose value brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const value = CHARACTERS.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

const isStateCode = (code: number) => (code >= 1 && code <= 38) || code === 97 || code === 99;

/** Why `gstin` (already trimmed and upper-cased) is not one, or null when it is. */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== GSTIN_LENGTH) return `must be ${GSTIN_LENGTH} characters`;
  const shape = GSTIN_SHAPE.exec(gstin);
  if (!shape) return 'must look like 27AAPFU0939F1ZV (state code, PAN, entity number, Z, check character)';
  if (!isStateCode(Number(shape[1]))) return `starts with ${shape[1]}, which is not a GST state code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'has a wrong check character (a typing mistake?)';
  return null;
}

/** Spaces cut and letters upper-cased, as a GSTIN is written. */
export const normalizeGstin = (value: string): string => value.trim().toUpperCase();

export const isValidGstin = (value: string): boolean => gstinProblem(normalizeGstin(value)) === null;
