// Issue 14: product facts as data (mukhi, origin, size, weight, beads, planet, certificate), extra
// pictures, and "notify me when back in stock".
import * as z from 'zod/mini';
import { PLANETS } from '../gem-facts.ts';
import { phone } from './accounts.ts';
import { numberFromText, preprocess } from './common.ts';
import { packageInput } from './shipping.ts';

export const MAX_PRODUCT_IMAGES = 8;
export const FACT_TEXT_MAX = 60;
export const MAX_CERTIFICATE_BYTES = 5 * 1024 * 1024;

/** A picture or document on this site (an upload or a shipped file): never a link to another site. */
export const SITE_PATH_PATTERN = /^\/(?!\/)[A-Za-z0-9._~/-]+$/;

/** Empty text, undefined and null all mean "none" (clears the fact on an update). */
const blankToNull = (v: unknown) =>
  v === '' || v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

/** A fact that may be cleared: null or "" clear it; an absent key in an update keeps it. */
function clearable<T extends z.ZodMiniType>(schema: T) {
  return z.nullable(preprocess(blankToNull, z.nullable(schema)));
}

const wholeFact = (field: string, min: number, max: number) =>
  numberFromText(
    z
      .int({ error: `${field} must be a whole number` })
      .check(
        z.gte(min, { error: `${field} must be from ${min} to ${max}` }),
        z.lte(max, { error: `${field} must be from ${min} to ${max}` }),
      ),
  );

const measure = (field: string, below: number) =>
  numberFromText(
    z.number({ error: `${field} must be a number` }).check(
      z.gt(0, { error: `${field} must be more than 0` }),
      z.lt(below, { error: `${field} must be less than ${below}` }),
      z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        error: `${field} can have at most 2 decimals`,
      }),
    ),
  );

const factText = (field: string, max = FACT_TEXT_MAX) =>
  z
    .string({ error: `${field} must be text` })
    .check(z.trim(), z.maxLength(max, { error: `${field} must be at most ${max} characters` }));

export const sitePath = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.maxLength(300, { error: `${field} must be at most 300 characters` }),
      z.regex(SITE_PATH_PATTERN, { error: `${field} must be a path on this site, such as /uploads/bead.jpg` }),
    );

const planet = preprocess(
  (v) => (typeof v === 'string' ? (PLANETS.find((p) => p.toLowerCase() === v.trim().toLowerCase()) ?? v) : v),
  z.enum(PLANETS, { error: `planet must be one of ${PLANETS.join(', ')}` }),
);

/**
 * Issue 27: a product's (or variant's) packed parcel of one unit as an update sends it. Each figure may
 * be left out (kept), set, or cleared with null or "" (the shop's default package's figure applies);
 * `package: null` clears all four. Checked by core's `packageInput` figures, with their messages.
 */
export const packageFacts = z.object({
  weightGrams: z.optional(clearable(packageInput.shape.weightGrams)),
  lengthCm: z.optional(clearable(packageInput.shape.lengthCm)),
  breadthCm: z.optional(clearable(packageInput.shape.breadthCm)),
  heightCm: z.optional(clearable(packageInput.shape.heightCm)),
});
export type PackageFacts = z.infer<typeof packageFacts>;
/** `package` in a body: absent keeps the parcel, null clears it, an object changes the figures it has. */
export const packageField = z.optional(z.nullable(packageFacts));

/** A parcel on a reply: each figure null where the shop's default package's applies. */
export const packageReply = z.object({
  weightGrams: z.nullable(z.int()),
  lengthCm: z.nullable(z.int()),
  breadthCm: z.nullable(z.int()),
  heightCm: z.nullable(z.int()),
});
export type PackageReply = z.infer<typeof packageReply>;

/**
 * The facts of a product, each optional and clearable, as the admin form, PUT /api/products/:id and a
 * catalog import send them. One schema, so every way in checks them alike.
 */
export const productFacts = z.object({
  /** Faces of a rudraksha bead. */
  mukhi: clearable(wholeFact('mukhi', 1, 21)),
  origin: clearable(factText('origin')),
  sizeMm: clearable(measure('sizeMm', 1000)),
  weightCarats: clearable(measure('weightCarats', 100_000)),
  beadCount: clearable(wholeFact('beadCount', 1, 1008)),
  planet: clearable(planet),
  certificateLab: clearable(factText('certificateLab', 120)),
  certificateNumber: clearable(factText('certificateNumber')),
  /** An uploaded image or PDF of the certificate (POST /api/upload/certificate). */
  certificateFile: clearable(sitePath('certificateFile')),
  /** Pictures after the main `image`, in display order. */
  images: z.pipe(
    preprocess((v) => (v == null ? [] : v), z.array(sitePath('images'), { error: 'images must be a list of paths' })),
    z.array(z.string()).check(
      z.maxLength(MAX_PRODUCT_IMAGES, { error: `images can hold at most ${MAX_PRODUCT_IMAGES} pictures` }),
      z.refine((list) => new Set(list).size === list.length, { error: 'images must not repeat a picture' }),
    ),
  ),
  /** Issue 27: the packed parcel, weighed for the freight and sent to the courier. */
  package: packageField,
});
export type ProductFactsInput = z.infer<typeof productFacts>;

/** The facts on the product reply: null where a fact does not apply. */
export const productFactsReply = {
  mukhi: z.nullable(z.int()),
  origin: z.nullable(z.string()),
  sizeMm: z.nullable(z.number()),
  weightCarats: z.nullable(z.number()),
  /** Derived from weightCarats (CARATS_PER_RATTI carats a ratti); read only. */
  weightRatti: z.nullable(z.number()),
  beadCount: z.nullable(z.int()),
  planet: z.nullable(z.string()),
  certificateLab: z.nullable(z.string()),
  certificateNumber: z.nullable(z.string()),
  certificateFile: z.nullable(z.string()),
  images: z.array(z.string()),
  /** Issue 27: the product's own packed parcel (all null: the shop's default package). */
  package: packageReply,
};

/** POST /api/upload/certificate (admin): where the stored image or PDF is served from. */
export const certificateUploadReply = z.object({ certificateFile: z.string(), message: z.string() });
export type CertificateUploadReply = z.infer<typeof certificateUploadReply>;

/**
 * POST /api/products/:id/stock-alert: a signed-in customer is told on their account's phone (the body
 * may be empty); a guest gives a phone.
 */
export const stockAlertBody = z.object({ phone: z.optional(phone) });
export type StockAlertBody = z.infer<typeof stockAlertBody>;
export const stockAlertReply = z.object({ message: z.string() });
export type StockAlertReply = z.infer<typeof stockAlertReply>;
