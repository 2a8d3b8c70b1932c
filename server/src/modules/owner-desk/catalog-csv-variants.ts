import {
  CATALOG_CSV_COLUMNS,
  MAX_VARIANTS,
  MRP_BELOW_PRICE,
  lowestMrpPaise,
  toPaise,
  toRupees,
  variantInput,
  type CatalogCsvColumn,
  type VariantInput,
} from '@rr/core';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productVariants } from '../../db/schema/index.ts';
import { stockAtVersions, stockVersionOf, stockVersions } from '../stock/index.ts';

// Issue 25: the variants in the catalog CSV. A product sold in variants has one row per variant: each
// row repeats the product's id and columns (its price, mrp and stock left empty, as the variants' are
// the ones that count), then the variant's own. The sku names the variant: a row whose sku is one of the
// product's variants updates it, another sku adds a variant; variants the file leaves out are kept
// (remove one on the product's page). Issue 30: variant_name_hi is the variant's Hindi name (empty: none,
// Hindi pages show its English one). Add-ons are not in the file (they, and their Hindi names, are set on
// the product's page).
// docs/catalog-csv.md describes the file for the shop's owner.

export type VariantColumn = Extract<CatalogCsvColumn, 'variant' | 'sku' | `variant_${string}`>;

/** The variant's columns, in the file's order (core's CATALOG_CSV_COLUMNS). */
export const VARIANT_COLUMNS = CATALOG_CSV_COLUMNS.filter(
  (c): c is VariantColumn => c === 'variant' || c === 'sku' || c.startsWith('variant_'),
);

export type VariantCells = Record<VariantColumn, string>;
export type VariantRow = typeof productVariants.$inferSelect;
export type Note = { column: string; message: string };
export type Change = { column: string; from: string; to: string };

const money = (paise: number | null) => (paise === null ? '' : toRupees(paise).toFixed(2));
const plain = (value: number | string | null) => (value === null ? '' : String(value));

export const NO_VARIANT: VariantCells = Object.fromEntries(VARIANT_COLUMNS.map((c) => [c, ''])) as VariantCells;

export function variantCellsOf(v: VariantRow): VariantCells {
  return {
    variant: v.name,
    variant_name_hi: v.nameHi ?? '',
    sku: v.sku,
    variant_price: money(v.pricePaise),
    variant_mrp: money(v.mrpPaise),
    variant_stock: String(v.countInStock),
    variant_size_mm: plain(v.sizeMm),
    variant_weight_carats: plain(v.weightCarats),
    variant_package_weight_g: plain(v.packageWeightGrams),
    variant_package_length_cm: plain(v.packageLengthCm),
    variant_package_breadth_cm: plain(v.packageBreadthCm),
    variant_package_height_cm: plain(v.packageHeightCm),
    variant_image: plain(v.image),
    variant_default: v.isDefault ? 'yes' : '',
  };
}

/** The variants of these products in their order, each with its stock version (its last ledger entry). */
export async function variantsForExport(
  db: Database,
  productIds: string[],
): Promise<Map<string, Array<{ variant: VariantRow; stockVersion: string | null }>>> {
  const found = new Map<string, Array<{ variant: VariantRow; stockVersion: string | null }>>();
  if (productIds.length === 0) return found;
  const rows = await db
    .select({
      variant: productVariants,
      stockVersion: stockVersionOf(productVariants.id, 'variant'),
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  for (const row of rows) found.set(row.variant.productId, [...(found.get(row.variant.productId) ?? []), row]);
  return found;
}

/** What the import knows of the variants of the products a file names. */
export interface VariantState {
  byProduct: Map<string, VariantRow[]>;
  /** Each variant's stock version now. */
  versionNow: Map<string, number>;
  /** The stock each version the file names left its variant with (keyed `productId` for stockOfRow). */
  exportedStock: Map<number, { productId: string; stock: number }>;
  /** The product each (lower-case) sku the file names belongs to. */
  skuOwner: Map<string, string>;
}

/** The variants of `productIds` (read after the caller locked the products), and the skus and versions named. */
export async function readVariantState(
  db: Database,
  productIds: string[],
  versions: number[],
  skus: string[],
): Promise<VariantState> {
  const state: VariantState = {
    byProduct: new Map(),
    versionNow: new Map(),
    exportedStock: new Map(),
    skuOwner: new Map(),
  };
  if (productIds.length) {
    const rows = await db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds))
      .orderBy(asc(productVariants.productId), asc(productVariants.position));
    for (const v of rows) state.byProduct.set(v.productId, [...(state.byProduct.get(v.productId) ?? []), v]);
    state.versionNow = await stockVersions(
      db,
      rows.map((v) => v.id),
      'variant',
    );
  }
  state.exportedStock = await stockAtVersions(db, versions, 'variant');
  if (skus.length) {
    const owners = await db
      .select({ sku: sql<string>`lower(${productVariants.sku})`, productId: productVariants.productId })
      .from(productVariants)
      .where(inArray(sql`lower(${productVariants.sku})`, [...new Set(skus)]));
    for (const r of owners) state.skuOwner.set(r.sku, r.productId);
  }
  return state;
}

const NUMERAL = /^-?\d+(\.\d+)?$/;
const YES = /^(yes|y|true|1)$/i;
const NO = /^(no|n|false|0)?$/i;

/** The API's field (core `variantInput`, its facts flattened) each variant column sets. */
const FIELD_OF_COLUMN: Record<VariantColumn, string> = {
  variant: 'name',
  variant_name_hi: 'nameHi',
  sku: 'sku',
  variant_price: 'price',
  variant_mrp: 'mrp',
  variant_stock: 'countInStock',
  variant_image: 'image',
  variant_size_mm: 'sizeMm',
  variant_weight_carats: 'weightCarats',
  variant_package_weight_g: 'package.weightGrams',
  variant_package_length_cm: 'package.lengthCm',
  variant_package_breadth_cm: 'package.breadthCm',
  variant_package_height_cm: 'package.heightCm',
  variant_default: 'isDefault',
};
/** Columns read as numbers: empty clears, a numeral is a number, other text is refused by the schema. */
const MEASURES = new Set<VariantColumn>([
  'variant_size_mm',
  'variant_weight_carats',
  'variant_package_weight_g',
  'variant_package_length_cm',
  'variant_package_breadth_cm',
  'variant_package_height_cm',
]);
const PARCEL = ['weightGrams', 'lengthCm', 'breadthCm', 'heightCm'] as const;
const COLUMN_OF_FIELD = Object.fromEntries(Object.entries(FIELD_OF_COLUMN).map(([c, f]) => [f, c])) as Record<
  string,
  VariantColumn
>;

/** A variant's fields as PUT /api/products/:id takes them (facts flattened); none for a new one. */
function currentFields(v: VariantRow | undefined): Record<string, unknown> {
  if (!v) {
    const none = Object.fromEntries(PARCEL.map((f) => [`package.${f}`, null]));
    return { mrp: null, image: null, images: [], sizeMm: null, weightCarats: null, ...none, isDefault: false };
  }
  return {
    _id: v.id,
    name: v.name,
    nameHi: v.nameHi ?? '',
    sku: v.sku,
    price: toRupees(v.pricePaise),
    mrp: v.mrpPaise === null ? null : toRupees(v.mrpPaise),
    countInStock: v.countInStock,
    image: v.image,
    images: v.images,
    sizeMm: v.sizeMm,
    weightCarats: v.weightCarats,
    'package.weightGrams': v.packageWeightGrams,
    'package.lengthCm': v.packageLengthCm,
    'package.breadthCm': v.packageBreadthCm,
    'package.heightCm': v.packageHeightCm,
    isDefault: v.isDefault,
  };
}

/** A cell as the schema reads it: empty measures clear, numerals are numbers, yes and empty are flags. */
function cellValue(column: VariantColumn, text: string): unknown {
  if (MEASURES.has(column)) {
    return text === '' ? null : NUMERAL.test(text) ? Number(text) : text;
  }
  if (column === 'variant_default') return YES.test(text) ? true : NO.test(text) ? false : text;
  return text;
}

/** The variant a row describes, read as PUT /api/products/:id reads one: a column the file lacks keeps its value. */
function variantFields(cells: Partial<VariantCells>, existing: VariantRow | undefined) {
  const fields = currentFields(existing);
  for (const column of Object.keys(cells) as VariantColumn[]) {
    fields[FIELD_OF_COLUMN[column]] = cellValue(column, cells[column]!);
  }
  const { sizeMm, weightCarats, ...rest } = fields;
  const parcel = Object.fromEntries(PARCEL.map((f) => [f, rest[`package.${f}`]]));
  for (const f of PARCEL) delete rest[`package.${f}`];
  return { ...rest, facts: { sizeMm, weightCarats }, package: parcel };
}

/** The row's variant by core's schema, or its refusals named by column. */
export function readVariant(
  cells: Partial<VariantCells>,
  existing: VariantRow | undefined,
): { input?: VariantInput; errors: Note[] } {
  const read = variantInput.safeParse(variantFields(cells, existing));
  if (read.success) return { input: read.data, errors: [] };
  const errors: Note[] = [];
  for (const issue of read.error.issues) {
    const field =
      issue.path[0] === 'package'
        ? `package.${String(issue.path[1])}`
        : String(issue.path[0] === 'facts' ? issue.path[1] : issue.path[0]);
    const column = COLUMN_OF_FIELD[field] ?? '';
    const message = field === 'isDefault' ? 'variant_default must be yes or empty' : issue.message;
    if (!errors.some((e) => e.column === column)) errors.push({ column, message });
  }
  return { errors };
}

/** The MRP rule for a variant, at the product's rate (its own, else its category's). */
export function variantMrpErrors(input: VariantInput, gstBasisPoints: number | undefined): Note[] {
  if (input.mrp == null || gstBasisPoints === undefined) return [];
  return toPaise(input.mrp) < lowestMrpPaise(toPaise(input.price), gstBasisPoints)
    ? [{ column: 'variant_mrp', message: MRP_BELOW_PRICE }]
    : [];
}

/** Issue 27: the variant's parcel columns as the file writes them (empty: not its own). */
function packageCellsOf(pkg: VariantInput['package']) {
  return {
    variant_package_weight_g: plain(pkg?.weightGrams ?? null),
    variant_package_length_cm: plain(pkg?.lengthCm ?? null),
    variant_package_breadth_cm: plain(pkg?.breadthCm ?? null),
    variant_package_height_cm: plain(pkg?.heightCm ?? null),
  };
}

/** The variant's columns as the file writes them, from its input. */
function cellsOfInput(v: VariantInput): VariantCells {
  return {
    variant: v.name,
    variant_name_hi: v.nameHi ?? '',
    sku: v.sku,
    variant_price: v.price.toFixed(2),
    variant_mrp: v.mrp == null ? '' : v.mrp.toFixed(2),
    variant_stock: String(v.countInStock),
    variant_size_mm: plain(v.facts?.sizeMm ?? null),
    variant_weight_carats: plain(v.facts?.weightCarats ?? null),
    ...packageCellsOf(v.package),
    variant_image: plain(v.image ?? null),
    variant_default: v.isDefault ? 'yes' : '',
  };
}

/** The variant columns the row changes: from the variant's cells (none for a new one) to the row's. */
export function variantChanges(
  existing: VariantRow | undefined,
  given: Partial<VariantCells>,
  input: VariantInput | undefined,
): Change[] {
  const before = existing ? variantCellsOf(existing) : null;
  const after = input ? cellsOfInput(input) : null;
  return (Object.keys(given) as VariantColumn[])
    .map((column) => ({ column, from: before?.[column] ?? '', to: after?.[column] ?? given[column] ?? '' }))
    .filter((change) => (before ? change.from !== change.to : change.to !== ''));
}

/**
 * Refusals that need the product's other rows: a sku or name twice (or a kept variant's name), another
 * product's sku, more variants than a product may have, two defaults.
 */
export function groupErrors(
  rows: Array<{ line: number; input?: VariantInput }>,
  productId: string | null,
  state: VariantState,
  kept: VariantRow[],
): Note[][] {
  const skus = new Map<string, number>();
  const names = new Map<string, number>(kept.map((v) => [v.name.toLowerCase(), 0]));
  let defaults = 0;
  return rows.map(({ line, input }, n) => {
    if (!input) return [];
    const errors: Note[] = [];
    const sku = input.sku.toLowerCase();
    const owner = state.skuOwner.get(sku);
    if (skus.has(sku)) errors.push({ column: 'sku', message: `the same variant as row ${skus.get(sku)}` });
    else if (owner && owner !== productId) {
      errors.push({ column: 'sku', message: `another product's variant has the sku ${input.sku}` });
    }
    const name = input.name.toLowerCase();
    if (names.has(name)) {
      const at = names.get(name);
      errors.push({
        column: 'variant',
        message: at ? `the same variant name as row ${at}` : 'another variant has this name',
      });
    }
    if (input.isDefault && ++defaults > 1) {
      errors.push({ column: 'variant_default', message: 'only one variant can be the default' });
    }
    if (kept.length + n + 1 > MAX_VARIANTS) {
      errors.push({ column: 'variant', message: `a product can have at most ${MAX_VARIANTS} variants` });
    }
    skus.set(sku, line);
    names.set(name, line);
    return errors;
  });
}

/**
 * The product's whole list of variants after the file: its variants in their order, those the file
 * names as the file has them (`planned`, by variant id; a conflict row's variant stays as it is), then
 * the new ones in the file's order. A default the file marks is the only one.
 */
export function variantList(
  current: VariantRow[],
  planned: Map<string, VariantInput>,
  added: VariantInput[],
): VariantInput[] {
  const kept = current.map((v) => planned.get(v.id) ?? (readVariant({}, v).input as VariantInput));
  const list = [...kept, ...added];
  const marked = [...planned.values(), ...added].find((v) => v.isDefault);
  return marked ? list.map((v) => ({ ...v, isDefault: v === marked })) : list;
}
