// zod/mini: the same validation as classic zod at a fifth of the size in the browser bundle.
import * as z from 'zod/mini';
import { errorCodes, type ErrorCode } from '../error-codes.ts';

/**
 * Text no field of ours accepts: control characters other than tab and line breaks (NUL above all:
 * PostgreSQL refuses it in text) and UTF-16 surrogates without their pair (they cannot be stored as
 * UTF-8, so would silently become U+FFFD). The server refuses it anywhere in a request, and the catalog
 * import in any cell of its file.
 */
export const FORBIDDEN_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A record id (a UUID): anything else names no record, and is never sent to the database. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every error the API returns: a message for people and a code for programs. */
export const errorReply = z.object({
  message: z.string(),
  code: z.enum(Object.values(errorCodes) as [ErrorCode, ...ErrorCode[]]),
  /**
   * Issue 30: the figures the message says, for a page in another language to say them: counts and
   * limits as numbers, `amount` and `…Amount` in rupees, `…At` an ISO time, `waitSeconds` a wait; the
   * names it says (`product`), each with its Hindi one where the shop wrote it (`productHi`); and, where
   * one code is refused for different reasons (ADD_ON_REFUSED, COUPON_INVALID, UNCONFIRMED_SHARE), the
   * `reason`. Only on refusals whose message has figures or names.
   */
  details: z.optional(z.record(z.string(), z.union([z.number(), z.string()]))),
});
export type ErrorReply = z.infer<typeof errorReply>;

/** Runs `fn` on the raw value before `schema` checks it (zod's preprocess). */
export function preprocess<T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(fn), schema);
}

/** An optional query value: absent or blank means "not given". */
export function optionalQuery<T extends z.ZodMiniType>(schema: T) {
  return z.optional(preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.optional(schema)));
}

/**
 * A plain decimal numeral, as a form input gives it ("4", " 1499.50 ", "-1"). Exponents ("1e3"), hex
 * ("0x10"), "Infinity", signs other than a leading minus, blanks and thousands separators are not
 * numerals here: they stay text, and the number check refuses them naming the field.
 */
const DECIMAL_NUMERAL = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * PRODUCT.md "The contract": wherever a number is expected, a numeric string from a form input (a
 * `<select>` or a number field sent as text) counts as that number. Everything else reaches `schema`
 * unchanged, so it is refused with the schema's own message.
 */
export function numberFromText<T extends z.ZodMiniType>(schema: T) {
  return preprocess((v) => (typeof v === 'string' && DECIMAL_NUMERAL.test(v) ? Number(v) : v), schema);
}

export const MAX_PRICE_RUPEES = 10_00_000;
/** The most units of one product (or variant) the shop keeps. */
export const MAX_STOCK = 100_000;

/** A price in rupees (more than 0, at most 2 decimals, at most MAX_PRICE_RUPEES); form text counts. */
export function rupees(field: string) {
  return numberFromText(
    z.number({ error: `${field} must be a number` }).check(
      z.gt(0, { error: `${field} must be more than 0` }),
      z.refine((n) => Math.round(n * 100) >= 1, { error: `${field} must be at least 0.01` }),
      z.lte(MAX_PRICE_RUPEES, { error: `${field} must be at most ${MAX_PRICE_RUPEES}` }),
      z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        error: `${field} can have at most 2 decimals`,
      }),
    ),
  );
}

/** A whole number (in a query string, a body or a form), with messages that name the field. */
export function wholeNumber(field: string, min: number, max: number) {
  return numberFromText(
    z
      .int({ error: `${field} must be a whole number` })
      .check(
        z.gte(min, { error: `${field} must be at least ${min}` }),
        z.lte(max, { error: `${field} must be at most ${max}` }),
      ),
  );
}

/** A calendar date, 'YYYY-MM-DD' (an Indian date wherever the API takes one: exports, the audit log). */
export const calendarDate = (field: string) =>
  z
    .string({ error: `${field} is required, like 2026-11-23` })
    .check(
      z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: `${field} must be a date like 2026-11-23` }),
    );

export const email = z.pipe(
  z
    .string({ error: 'email must be text' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: 'email is too long' })),
  z.email({ error: 'email is not a valid e-mail address' }),
);
