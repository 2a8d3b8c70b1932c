import { MAX_ADD_ONS, MAX_VARIANTS, MRP_BELOW_PRICE, addOnInput, mrpAllows, variantInput } from '@rr/core';
import * as z from 'zod/mini';
import { displayMessage } from '../../../../components/field-errors.ts';
import type { OptionsBody } from './options-body.ts';
import type { OptionErrors, OptionsState } from './rows.ts';

// Issue 25: the rules PUT /api/products/:id applies to `variants` and `addOns` (core's schemas, and the
// MRP rule the server adds), checked before sending. The server checks them again, and its refusals
// land at the same inputs (`errorsAt`).

/** A variant's MRP includes the product's GST (`gstPercent`), as the product's own does. */
const variantWithMrp = (gstPercent: number) =>
  variantInput.check(
    z.refine((v) => v.mrp == null || mrpAllows(v.mrp, v.price, gstPercent), { error: MRP_BELOW_PRICE, path: ['mrp'] }),
  );

/** The places (after the first) where a value repeats an earlier one; empty values are not compared. */
function repeated(values: string[]): number[] {
  return values.flatMap((value, i) => (value !== '' && values.indexOf(value) < i ? [i] : []));
}

/**
 * The whole of `variants` and `addOns` as this form sends them. Each entry by core's schema; the lists'
 * own checks (repeated SKUs and names) are `repeats`, which name the row.
 */
export function optionsSchema(gstPercent: number) {
  return z.object({
    variants: z
      .array(variantWithMrp(gstPercent))
      .check(z.maxLength(MAX_VARIANTS, { error: `A product can have at most ${MAX_VARIANTS} variants` })),
    addOns: z
      .array(addOnInput)
      .check(z.maxLength(MAX_ADD_ONS, { error: `A product can have at most ${MAX_ADD_ONS} add-ons` })),
  });
}

/** A problem with one place of the body: `variants.1.price`, `addOns.0.fields.2.name`, `variants`. */
export interface OptionIssue {
  path: string;
  message: string;
}

/**
 * Names that must differ: the variants' SKUs and names (buyers choose by name), and an add-on's field
 * names (the buyer's values are keyed by them). Checked here, at the row that repeats one, rather than
 * by the lists' own checks, which name no row and wait until every row is right.
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
    : parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        // An empty SKU is simply missing (core's pattern message covers every other case).
        message:
          issue.path[2] === 'sku' && body.variants[Number(issue.path[1])]?.sku === ''
            ? 'sku is required'
            : issue.message,
      }));
  const own = repeats(body);
  // A list's own refusal of repeated names says less than the row's: keep the row's.
  const saidAtRow = (path: string) => own.some((issue) => issue.path.startsWith(`${path}.`));
  return [...issues.filter((issue) => !saidAtRow(issue.path)), ...own];
}

/**
 * The lists named, as core's schemas read them (what PUT /api/products/:id takes), when every row is
 * right; null while any is not.
 */
export function sendableLists(body: OptionsBody, gstPercent: number, lists: ReadonlyArray<keyof OptionsBody>) {
  const parsed = optionsSchema(gstPercent).safeParse(body);
  if (!parsed.success || repeats(body).length > 0) return null;
  const { variants, addOns } = parsed.data;
  return { ...(lists.includes('variants') ? { variants } : {}), ...(lists.includes('addOns') ? { addOns } : {}) };
}

/** How fields are named on the rows, where the schema's names would read oddly. */
const ROW_WORDS: Record<string, string> = {
  sku: 'SKU',
  countInStock: 'Stock',
  sizeMm: 'Size (mm)',
  weightCarats: 'Weight (ct)',
  packageWeightGrams: 'Packed weight (g)',
  hsnCode: 'SAC code',
};

/** "sku is required" → "SKU is required"; other messages as every form shows them. */
export function rowMessage(said: string): string {
  // Issue 27: core names the figure inside its parcel ("package.weightGrams must be ...").
  const message = said.replace(/^package\.weightGrams(?=\s)/, 'packageWeightGrams');
  const match = /^([a-z][A-Za-z0-9]*)(?=\s)/.exec(message);
  const word = match && ROW_WORDS[match[1]!];
  return word ? word + message.slice(match[1]!.length) : displayMessage(message);
}

/**
 * Where a problem shows in the form: `${row key}.${field}` for a row's input (a text field's by its own
 * key), the row's key for the row as a whole, the list's name for the list. Null when the path names no
 * row of what was sent.
 */
/** A fact's input by its name; the parcel's (issue 27) is the packed weight, the one the row edits. */
function innerKeyOf(rowKey: string, field: 'facts' | 'package', inner: string | undefined): string {
  if (field === 'package') return `${rowKey}.packageWeightGrams`;
  return inner ? `${rowKey}.${inner}` : rowKey;
}

export function errorKeyOf(path: string, sent: Pick<OptionsState, 'variants' | 'addOns'>): string | null {
  const [list, index, field, ...rest] = path.split('.');
  if (list !== 'variants' && list !== 'addOns') return null;
  if (index === undefined) return list;
  const row = sent[list][Number(index)];
  if (!row || !/^\d+$/.test(index)) return null;
  if (field === undefined) return row.key;
  if (field === 'facts' || field === 'package') return innerKeyOf(row.key, field, rest[0]);
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

/**
 * The server's refusal as issues of the rows: its message names the place first
 * ("variants.1.sku: another product's variant has the SKU NP5-20", "variants.0.price: price must be more
 * than 0"), or starts with the list's name ("variants must be a list"). None for other refusals.
 */
export function serverIssues(error: unknown): OptionIssue[] {
  if (!(error instanceof Error)) return [];
  const message = error.message;
  const pathFirst = PATH_FIRST.exec(message);
  if (pathFirst) return [{ path: pathFirst[1]!, message: pathFirst[2]! }];
  const listFirst = LIST_FIRST.exec(message);
  return listFirst ? [{ path: listFirst[1]!, message }] : [];
}
