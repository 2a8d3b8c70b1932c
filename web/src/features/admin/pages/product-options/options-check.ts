import {
  MAX_PRICE_RUPEES,
  MAX_STOCK,
  MRP_BELOW_PRICE,
  gstPercentField,
  hsnCodeField,
  mrpAllows,
  numberFromText,
  productFacts,
} from '@rr/core';
import * as z from 'zod/mini';
import { displayMessage } from '../../../../components/field-errors.ts';
import type { OptionsBody } from './options-body.ts';
import {
  MAX_ADD_ONS,
  MAX_ADD_ON_FIELDS,
  MAX_FIELD_LENGTH,
  MAX_VARIANTS,
  type OptionErrors,
  type OptionsState,
} from './rows.ts';

// Issue 25: the rules PUT /api/products/:id applies to `variants` and `addOns`, checked before sending
// (the server checks them again, and its refusals land at the same inputs: `errorsAt`).

export const SKU_PATTERN = /^[A-Za-z0-9._-]+$/;
const NAME_MAX = 60;

const rupees = (field: string, least: number) =>
  numberFromText(
    z.number({ error: `${field} must be a number` }).check(
      z.gte(least, { error: least > 0 ? `${field} must be more than 0` : `${field} must be 0 or more` }),
      z.lte(MAX_PRICE_RUPEES, { error: `${field} must be at most ${MAX_PRICE_RUPEES}` }),
      z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        error: `${field} can have at most 2 decimals`,
      }),
    ),
  );

const name = z
  .string({ error: 'name must be text' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'name is required' }),
    z.maxLength(NAME_MAX, { error: `name must be at most ${NAME_MAX} characters` }),
  );

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .int({ error: `${field} must be a whole number` })
    .check(
      z.gte(min, { error: `${field} must be ${min === 0 ? '0 or more' : `at least ${min}`}` }),
      z.lte(max, { error: `${field} must be at most ${max}` }),
    );

const sku = z
  .string({ error: 'sku must be text' })
  .check(
    z.minLength(1, { error: 'sku is required' }),
    z.maxLength(40, { error: 'sku must be at most 40 characters' }),
    z.regex(SKU_PATTERN, { error: 'sku may have only letters, digits, ".", "_" and "-"' }),
  );

function variantSchema(gstPercent: number) {
  return z
    .object({
      name,
      sku,
      price: rupees('price', 0.01),
      mrp: z.nullable(rupees('mrp', 0.01)),
      countInStock: wholeNumber('countInStock', 0, MAX_STOCK),
      facts: z.object({
        sizeMm: z.optional(productFacts.shape.sizeMm),
        weightCarats: z.optional(productFacts.shape.weightCarats),
      }),
    })
    .check(
      z.refine((v) => v.mrp === null || typeof v.price !== 'number' || mrpAllows(v.mrp, v.price, gstPercent), {
        error: MRP_BELOW_PRICE,
        path: ['mrp'],
      }),
    );
}

const fieldSchema = z.object({ name, maxLength: wholeNumber('maxLength', 1, MAX_FIELD_LENGTH) });

const addOnSchema = z.object({
  name,
  price: rupees('price', 0),
  fields: z
    .array(fieldSchema)
    .check(z.maxLength(MAX_ADD_ON_FIELDS, { error: `an add-on has at most ${MAX_ADD_ON_FIELDS} text fields` })),
  hsnCode: z.nullable(hsnCodeField),
  gstPercent: z.nullable(gstPercentField),
});

/** The places (after the first) where a value repeats an earlier one; empty values are not compared. */
function repeated(values: string[]): number[] {
  return values.flatMap((value, i) => (value !== '' && values.indexOf(value) < i ? [i] : []));
}

/** The whole of `variants` and `addOns` as this form sends them, the MRPs against `gstPercent`. */
export function optionsSchema(gstPercent: number) {
  return z.object({
    variants: z
      .array(variantSchema(gstPercent))
      .check(z.maxLength(MAX_VARIANTS, { error: `a product has at most ${MAX_VARIANTS} variants` })),
    addOns: z
      .array(addOnSchema)
      .check(z.maxLength(MAX_ADD_ONS, { error: `a product has at most ${MAX_ADD_ONS} add-ons` })),
  });
}

/** A problem with one place of the body: `variants.1.price`, `addOns.0.fields.2.name`, `variants`. */
export interface OptionIssue {
  path: string;
  message: string;
}

/**
 * Names that must differ: the variants' SKUs and names (buyers choose by name), and an add-on's field
 * names (the buyer's values are keyed by them). Checked apart from the schema, whose list checks wait
 * until every row is right.
 */
function repeats(body: OptionsBody): OptionIssue[] {
  const flag = (list: string, values: string[], field: string, message: string) =>
    repeated(values).map((i) => ({ path: `${list}.${i}.${field}`, message }));
  return [
    ...flag(
      'variants',
      body.variants.map((v) => v.sku.toUpperCase()),
      'sku',
      'sku is used by another variant',
    ),
    ...flag(
      'variants',
      body.variants.map((v) => v.name.toLowerCase()),
      'name',
      'name is used by another variant',
    ),
    ...body.addOns.flatMap((addOn, a) =>
      flag(
        `addOns.${a}.fields`,
        addOn.fields.map((f) => f.name.toLowerCase()),
        'name',
        'name is used by another field',
      ),
    ),
  ];
}

/** The rows' problems by the rules above; none when the body may be sent. */
export function checkOptions(body: OptionsBody, gstPercent: number): OptionIssue[] {
  const parsed = optionsSchema(gstPercent).safeParse(body);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return [...issues, ...repeats(body)];
}

/** How fields are named on the rows, where the schema's names would read oddly. */
const ROW_WORDS: Record<string, string> = {
  sku: 'SKU',
  countInStock: 'Stock',
  sizeMm: 'Size (mm)',
  weightCarats: 'Weight (ct)',
  hsnCode: 'SAC code',
};

/** "sku is required" → "SKU is required"; other messages as every form shows them. */
export function rowMessage(message: string): string {
  const match = /^([a-z][A-Za-z0-9]*)(?=\s)/.exec(message);
  const word = match && ROW_WORDS[match[1]!];
  return word ? word + message.slice(match[1]!.length) : displayMessage(message);
}

/**
 * Where a problem shows in the form: `${row key}.${field}` for a row's input (a text field's by its own
 * key), the row's key for the row as a whole, the list's name for the list. Null when the path names no
 * row of what was sent.
 */
export function errorKeyOf(path: string, sent: Pick<OptionsState, 'variants' | 'addOns'>): string | null {
  const [list, index, field, ...rest] = path.split('.');
  if (list !== 'variants' && list !== 'addOns') return null;
  if (index === undefined) return list;
  const row = sent[list][Number(index)];
  if (!row || !/^\d+$/.test(index)) return null;
  if (field === undefined) return row.key;
  if (field === 'facts') return rest[0] ? `${row.key}.${rest[0]}` : row.key;
  if (list === 'addOns' && field === 'fields' && rest[0] !== undefined) {
    const textField = 'fields' in row ? row.fields[Number(rest[0])] : undefined;
    if (!textField) return `${row.key}.fields`;
    return rest[1] ? `${textField.key}.${rest[1]}` : `${textField.key}.name`;
  }
  return `${row.key}.${field}`;
}

/** The first message for each place the issues name (null: some issue names no row of what was sent). */
export function errorsAt(issues: OptionIssue[], sent: Pick<OptionsState, 'variants' | 'addOns'>): OptionErrors | null {
  const errors: OptionErrors = {};
  for (const issue of issues) {
    const key = errorKeyOf(issue.path, sent);
    if (key === null) return null;
    errors[key] ??= rowMessage(issue.message);
  }
  return errors;
}

const PATH_FIRST = /^((?:variants|addOns)(?:\.[A-Za-z0-9]+)*): (.+)$/s;
const LIST_FIRST = /^(variants|addOns)\s/;

/** One entry of a refusal's `errors` list, when the server sends one: `{ path, message }`. */
function listedIssue(entry: unknown): OptionIssue | null {
  if (!entry || typeof entry !== 'object') return null;
  const { path, message } = entry as { path?: unknown; message?: unknown };
  if (typeof message !== 'string') return null;
  if (typeof path === 'string') return { path, message };
  if (Array.isArray(path)) return { path: path.map(String).join('.'), message };
  return null;
}

/**
 * The server's refusal as issues of the rows: from its `errors` list when the error carries one, else
 * from its message ("variants.1.price: price must be more than 0", "variants must ..."). A duplicate SKU
 * (409) names no path: it lands on the row whose SKU the message quotes.
 */
export function serverIssues(error: unknown, sent: Pick<OptionsState, 'variants'>): OptionIssue[] {
  if (!(error instanceof Error)) return [];
  const listed = (error as { errors?: unknown }).errors;
  if (Array.isArray(listed)) {
    const issues = listed.map(listedIssue);
    if (issues.length > 0 && issues.every((issue) => issue !== null)) return issues as OptionIssue[];
  }
  const message = error.message;
  const pathFirst = PATH_FIRST.exec(message);
  if (pathFirst) return [{ path: pathFirst[1]!, message: pathFirst[2]! }];
  if (LIST_FIRST.test(message)) return [{ path: LIST_FIRST.exec(message)![1]!, message }];
  if (/\bsku\b/i.test(message)) {
    const index = sent.variants.findIndex((v) => v.sku.trim() !== '' && message.includes(v.sku.trim()));
    if (index >= 0) return [{ path: `variants.${index}.sku`, message }];
  }
  return [];
}
