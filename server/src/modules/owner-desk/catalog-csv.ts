import { createHash, randomUUID } from 'node:crypto';
import {
  CATALOG_CSV_COLUMNS,
  MAX_IMPORT_ROWS,
  UUID_PATTERN,
  errorCodes,
  gstBasisPointsOf,
  gstPercentOf,
  productUpdate,
  toRupees,
  type CatalogCsvColumn,
  type ImportPreview,
  type ImportResult,
  type PackageFacts,
  type ProductUpdate,
  type VariantInput,
} from '@rr/core';
import { and, asc, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { csvLine, decodeCsv, parseCsv, readCell, type CellReading } from '../../csv.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import {
  auditedProductUpdate,
  insertProducts,
  lockProductsWithVariants,
  mrpRefusal,
  recordProductsCreated,
  writeProductUpdate,
  type NewProduct,
} from '../catalog/index.ts';
import { setStockCause, stockAtVersions, stockVersionOf, stockVersions } from '../stock/index.ts';
import { importedFacts } from './product-facts.ts';
import {
  NO_VARIANT,
  VARIANT_COLUMNS,
  groupErrors,
  readVariant,
  readVariantState,
  variantCellsOf,
  variantChanges,
  variantList,
  variantMrpErrors,
  variantsForExport,
  type Change,
  type Note,
  type VariantCells,
  type VariantColumn,
  type VariantRow,
  type VariantState,
} from './catalog-csv-variants.ts';

const BATCH = 500;
type ProductRow = typeof products.$inferSelect;
type Field = Exclude<CatalogCsvColumn, 'id' | 'stock_version' | VariantColumn>;
const isVariantColumn = (c: string): c is VariantColumn => (VARIANT_COLUMNS as readonly string[]).includes(c);
/** The product's own columns, in the file's order, between its id and its variant's columns. */
const FIELDS = CATALOG_CSV_COLUMNS.filter(
  (c): c is Field => c !== 'id' && c !== 'stock_version' && !isVariantColumn(c),
);
/** A product sold in variants has these from its variants: its rows leave them empty. */
const FROM_VARIANTS = ['price', 'mrp', 'stock'] as const satisfies readonly Field[];
/** A product's values as the CSV writes them (the text compared to find what a row changes). */
type Cells = Record<Field, string>;

const money = (paise: number | null) => (paise === null ? '' : toRupees(paise).toFixed(2));
const plain = (value: number | string | null) => (value === null ? '' : String(value));

function cellsOf(p: ProductRow): Cells {
  return {
    name: p.name,
    category: p.category,
    price: money(p.pricePaise),
    mrp: money(p.mrpPaise),
    stock: String(p.countInStock),
    brand: p.brand,
    description: p.description,
    name_hi: p.nameHi,
    description_hi: p.descriptionHi,
    image: p.image,
    mukhi: plain(p.mukhi),
    origin: plain(p.origin),
    size_mm: plain(p.sizeMm),
    weight_carats: plain(p.weightCarats),
    bead_count: plain(p.beadCount),
    planet: plain(p.planet),
    certificate_lab: plain(p.certificateLab),
    certificate_number: plain(p.certificateNumber),
    hsn_code: plain(p.hsnCode),
    gst_percent: p.gstBasisPoints === null ? '' : String(gstPercentOf(p.gstBasisPoints)),
    uqc: plain(p.uqc),
    package_weight_g: plain(p.packageWeightGrams),
    package_length_cm: plain(p.packageLengthCm),
    package_breadth_cm: plain(p.packageBreadthCm),
    package_height_cm: plain(p.packageHeightCm),
  };
}

const onSale = sql`not ${products.isDraft}`;

/**
 * A product's lines of the export: one, or one per variant (issue 25) repeating the product's columns
 * without the price, MRP and stock its variants have, each with its variant's stock version.
 */
function* productLines(
  product: ProductRow,
  stockVersion: string | null,
  variants: Array<{ variant: VariantRow; stockVersion: string | null }> | undefined,
): Generator<string> {
  const cells = cellsOf(product);
  if (!variants?.length) {
    yield csvLine([
      product.id,
      ...FIELDS.map((c) => cells[c]),
      ...VARIANT_COLUMNS.map((c) => NO_VARIANT[c]),
      stockVersion ?? '',
    ]);
    return;
  }
  const shared: Cells = { ...cells, price: '', mrp: '', stock: '' };
  for (const v of variants) {
    const own = variantCellsOf(v.variant);
    yield csvLine([
      product.id,
      ...FIELDS.map((c) => shared[c]),
      ...VARIANT_COLUMNS.map((c) => own[c]),
      v.stockVersion ?? '',
    ]);
  }
}

/**
 * The catalog (drafts left out) as CSV, in the columns the import reads, in batches by id. Each row's
 * stock is read in the same statement as its stock version, so the version names that very figure.
 */
export async function* catalogExportLines(db: Database): AsyncGenerator<string> {
  yield csvLine(CATALOG_CSV_COLUMNS);
  let after: SQL | undefined;
  for (;;) {
    const rows = await db
      .select({ product: products, stockVersion: stockVersionOf(products.id) })
      .from(products)
      .where(and(onSale, after))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const variants = await variantsForExport(
      db,
      rows.map((r) => r.product.id),
    );
    for (const { product, stockVersion } of rows) yield* productLines(product, stockVersion, variants.get(product.id));
    after = gt(products.id, rows[rows.length - 1]!.product.id);
  }
}

const MAX_NAMED_COLUMNS = 5;
const refuse = (message: string) => new DomainError('invalid_data', errorCodes.csvUnreadable, message);

interface Parsed {
  columns: CatalogCsvColumn[];
  rows: Array<{ line: number; cells: string[] }>;
}

/** The file's header and rows; a file we cannot read as a catalog is refused whole, naming why. */
function readFile(bytes: Uint8Array): Parsed {
  const records = parseCsv(decodeCsv(bytes));
  const [header, ...rows] = records;
  if (!header) throw refuse('The file is empty: it needs a header line and a line per product.');
  const columns = header.map((h) => h.trim().toLowerCase()) as CatalogCsvColumn[];
  const unknown = columns.filter((c) => !(CATALOG_CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length) {
    // A header of thousands of cells must not become a message of thousands of names.
    const named = unknown.slice(0, MAX_NAMED_COLUMNS).map((c) => `"${c.slice(0, 40)}"`);
    const more = unknown.length > MAX_NAMED_COLUMNS ? ` and ${unknown.length - MAX_NAMED_COLUMNS} more` : '';
    throw refuse(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${named.join(', ')}${more}. The columns are: ${CATALOG_CSV_COLUMNS.join(', ')}.`,
    );
  }
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice) throw refuse(`The column "${twice}" appears twice in the header.`);
  if (!columns.includes('id') && !columns.includes('name')) {
    throw refuse('The header needs an "id" column (to update products) or a "name" column (to add them).');
  }
  if (rows.length === 0) throw refuse('The file has a header but no products.');
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new DomainError(
      'too_large',
      errorCodes.csvTooLarge,
      `The file has ${rows.length} rows (a product, or a variant of one); an import takes at most ${MAX_IMPORT_ROWS}. Split it into smaller files.`,
    );
  }
  return { columns, rows: rows.map((cells, i) => ({ line: i + 2, cells })) };
}

/** The API's field (core `productUpdate`) each column of the file sets. */
const FIELD_OF_COLUMN = {
  name: 'name',
  category: 'category',
  price: 'price',
  mrp: 'mrp',
  stock: 'countInStock',
  brand: 'brand',
  description: 'description',
  name_hi: 'nameHi',
  description_hi: 'descriptionHi',
  image: 'image',
  mukhi: 'mukhi',
  origin: 'origin',
  size_mm: 'sizeMm',
  weight_carats: 'weightCarats',
  bead_count: 'beadCount',
  planet: 'planet',
  certificate_lab: 'certificateLab',
  certificate_number: 'certificateNumber',
  hsn_code: 'hsnCode',
  gst_percent: 'gstPercent',
  uqc: 'uqc',
  package_weight_g: 'package',
  package_length_cm: 'package',
  package_breadth_cm: 'package',
  package_height_cm: 'package',
} as const satisfies Record<Field, keyof ProductUpdate>;
/** Issue 27: the parcel's figure (core `packageFacts`) each package column sets. */
const FIGURE_OF_COLUMN = {
  package_weight_g: 'weightGrams',
  package_length_cm: 'lengthCm',
  package_breadth_cm: 'breadthCm',
  package_height_cm: 'heightCm',
} as const satisfies Partial<Record<Field, keyof PackageFacts>>;
type PackageColumn = keyof typeof FIGURE_OF_COLUMN;
const isPackageColumn = (c: string): c is PackageColumn => c in FIGURE_OF_COLUMN;
const COLUMN_OF_FIGURE = Object.fromEntries(Object.entries(FIGURE_OF_COLUMN).map(([c, f]) => [f, c])) as Record<
  string,
  PackageColumn
>;
type Input = Pick<ProductUpdate, (typeof FIELD_OF_COLUMN)[Field]>;
const COLUMN_OF_FIELD = Object.fromEntries(Object.entries(FIELD_OF_COLUMN).map(([c, f]) => [f, c])) as Record<
  string,
  Field
>;
/** The facts read by core's productFacts (numbers among them arrive as text, read as numbers first). */
const FACT_COLUMNS = [
  'mukhi',
  'origin',
  'size_mm',
  'weight_carats',
  'bead_count',
  'planet',
  'certificate_lab',
  'certificate_number',
] as const satisfies readonly Field[];
const NUMBER_FACTS = new Set<Field>([
  'mukhi',
  'size_mm',
  'weight_carats',
  'bead_count',
  ...(Object.keys(FIGURE_OF_COLUMN) as PackageColumn[]),
]);
const NUMERAL = /^-?\d+(\.\d+)?$/;

interface PlannedRow {
  preview: ImportPreview['rows'][number];
  /** What the row asks of the catalog, in the API's terms (written by the catalog module). */
  input: Input;
  /** Issue 25: a variant's row: its product's key (id, or name of a new one) and the variant it writes. */
  variant?: { key: string; existing?: VariantRow; input?: VariantInput; current: VariantRow[] };
}
type Read = CellReading[];
type Row = { line: number; width: number; read: Read };

/** What the plan of a file knows of the catalog: read once for all its rows. */
interface Catalog {
  file: Parsed;
  /** The products the file names by id (locked while applying). */
  current: Map<string, ProductRow>;
  versionNow: Map<string, number>;
  exportedStock: Map<number, { productId: string; stock: number }>;
  /** Published products whose (lower-case) names new rows use. */
  named: Map<string, string>;
  categoryRates: Map<string, number>;
  /** The variants of the products the file names, and the versions and skus it names (issue 25). */
  variants: VariantState;
}

/** A row's cell of a column: its text, or undefined when the file has no such column. */
function cellOf(file: Parsed, read: Read, column: CatalogCsvColumn): string | undefined {
  const i = file.columns.indexOf(column);
  return i < 0 ? undefined : (read[i]!.text ?? '');
}

/** The stock version a row names: null for none, NaN for one that is not a version. */
function versionOf(file: Parsed, read: Read): number | null {
  const cell = cellOf(file, read, 'stock_version') ?? '';
  return STOCK_VERSION.test(cell) ? Number(cell) : cell === '' ? null : NaN;
}

async function productsById(db: Database, ids: string[], lock: boolean): Promise<Map<string, ProductRow>> {
  const current = new Map<string, ProductRow>();
  if (ids.length === 0) return current;
  // Locked as every write of a product and its variants locks them (no order can wait on this import
  // while it waits on that order).
  if (lock) await lockProductsWithVariants(db, ids);
  const query = db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), onSale))
    .orderBy(asc(products.id));
  for (const p of await query) current.set(p.id, p);
  return current;
}

async function productsByName(db: Database, names: string[]): Promise<Map<string, string>> {
  const named = new Map<string, string>();
  if (names.length === 0) return named;
  const found = await db
    .select({ id: products.id, name: sql<string>`lower(${products.name})` })
    .from(products)
    .where(and(inArray(sql`lower(${products.name})`, [...new Set(names)]), onSale));
  for (const r of found) named.set(r.name, r.id);
  return named;
}

/** The catalog as `db` sees it, for the rows `reads` of the file (locking the products they update). */
async function readCatalog(db: Database, file: Parsed, reads: Read[], lock: boolean): Promise<Catalog> {
  const ids = reads.map((read) => cellOf(file, read, 'id')?.toLowerCase() ?? '').filter((id) => UUID_PATTERN.test(id));
  const current = await productsById(db, [...new Set(ids)].sort(), lock);
  // Read after the lock: no order can move these products' stock again before apply commits.
  const versionNow = await stockVersions(db, [...current.keys()]);
  const versions = reads.map((read) => versionOf(file, read));
  const exportedStock = await stockAtVersions(db, [
    ...new Set(versions.filter((v): v is number => v !== null && !Number.isNaN(v))),
  ]);
  const newNames = reads
    .filter((read) => !cellOf(file, read, 'id'))
    .map((read) => cellOf(file, read, 'name')?.toLowerCase() ?? '')
    .filter(Boolean);
  const named = await productsByName(db, newNames);
  const rates = await db.select({ slug: categories.slug, bp: categories.gstBasisPoints }).from(categories);
  const skus = reads.map((read) => cellOf(file, read, 'sku')?.toLowerCase() ?? '').filter(Boolean);
  const variants = await readVariantState(
    db,
    [...current.keys()],
    [...new Set(versions.filter((v): v is number => v !== null && !Number.isNaN(v)))],
    skus,
  );
  const categoryRates = new Map(rates.map((c) => [c.slug, c.bp]));
  return { file, current, versionNow, exportedStock, named, categoryRates, variants };
}

/** The variant columns a row gives (those the file has). */
function givenVariantCells(file: Parsed, read: Read): Partial<VariantCells> {
  const given: Partial<VariantCells> = {};
  for (const column of VARIANT_COLUMNS) {
    const cell = cellOf(file, read, column);
    if (cell !== undefined) given[column] = cell;
  }
  return given;
}

/** The cells a row gives, by column (a column the file lacks is left out: the product keeps it). */
function givenCells(file: Parsed, read: Read): Partial<Cells> {
  const given: Partial<Cells> = {};
  for (const column of FIELDS) {
    const cell = cellOf(file, read, column);
    if (cell !== undefined) given[column] = cell;
  }
  return given;
}

/** Refusals of the cells themselves, and of a row as wide as it is not. */
function cellErrors(file: Parsed, read: Read, width: number): Note[] {
  const errors: Note[] = [];
  file.columns.forEach((column, i) => {
    const problem = read[i]!.problem;
    if (problem) errors.push({ column, message: problem });
  });
  if (width !== file.columns.length) {
    errors.push({ column: '', message: `has ${width} cells; the header has ${file.columns.length}` });
  }
  return errors;
}

/** Rows seen so far, for naming a product twice. */
interface Seen {
  ids: Map<string, number>;
  names: Map<string, number>;
}

/** Why a row's id names no product of the file's to update. */
function idErrors(rawId: string, existing: ProductRow | undefined, line: number, seen: Seen): Note[] {
  const id = rawId.toLowerCase();
  if (!id) return [];
  const errors: Note[] = [];
  if (!existing) errors.push({ column: 'id', message: `no product with the id "${rawId.slice(0, 40)}"` });
  if (seen.ids.has(id)) errors.push({ column: 'id', message: `the same product as row ${seen.ids.get(id)}` });
  seen.ids.set(id, line);
  return errors;
}

/** What a new product (a row without id) lacks, or which product it would duplicate. */
function newProductErrors(
  catalog: Catalog,
  given: Partial<Cells>,
  noted: Note[],
  row: { line: number; inVariants: boolean },
  seen: Seen,
): Note[] {
  const { line, inVariants } = row;
  const errors: Note[] = [];
  // A product sold in variants has its price from them.
  for (const column of inVariants ? (['name', 'category'] as const) : (['name', 'category', 'price'] as const)) {
    if (!given[column] && !noted.some((e) => e.column === column))
      errors.push({ column, message: `${column} is required for a new product` });
  }
  const name = given.name?.toLowerCase();
  if (!name) return errors;
  if (seen.names.has(name))
    errors.push({ column: 'name', message: `the same new product as row ${seen.names.get(name)}` });
  const id = catalog.named.get(name);
  if (id) {
    errors.push({
      column: 'name',
      message: `a product with this name exists: put its id (${id}) in the id column to update it`,
    });
  }
  seen.names.set(name, line);
  return errors;
}

/** A fact's cell as core's productFacts takes it: empty clears it, a numeral is a number. */
function factValue(column: Field, cell: string | undefined): unknown {
  if (cell === undefined) return undefined;
  if (cell === '') return null;
  return NUMBER_FACTS.has(column) && NUMERAL.test(cell) ? Number(cell) : cell;
}

/**
 * The row's cells read by the schemas the admin form and PUT /api/products/:id use (core's
 * productUpdate and productFacts), so what one refuses the other refuses too: the input, or the
 * refusals, each named by its column.
 */
function readInput(given: Partial<Cells>): { input?: Input; errors: Note[] } {
  const fields: Record<string, unknown> = {};
  const facts: Record<string, unknown> = {};
  const parcel: Record<string, unknown> = {};
  for (const column of Object.keys(given) as Field[]) {
    const field = FIELD_OF_COLUMN[column];
    if (isPackageColumn(column)) parcel[FIGURE_OF_COLUMN[column]] = factValue(column, given[column]);
    else if ((FACT_COLUMNS as readonly Field[]).includes(column)) facts[field] = factValue(column, given[column]);
    else fields[field] = given[column];
  }
  if (Object.keys(parcel).length) facts.package = parcel;
  const core = productUpdate.safeParse(fields);
  const checked = importedFacts.safeParse(facts);
  const errors: Note[] = [];
  for (const result of [core, checked]) {
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const column =
        (issue.path[0] === 'package'
          ? COLUMN_OF_FIGURE[String(issue.path[1])]
          : COLUMN_OF_FIELD[String(issue.path[0])]) ?? '';
      if (!errors.some((e) => e.column === column)) errors.push({ column, message: issue.message });
    }
  }
  if (!core.success || !checked.success) return { errors };
  return { input: definedOnly({ ...core.data, ...checked.data }), errors };
}

const definedOnly = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The MRP rule, by the catalog's own check (the admin form's message, word for word). */
function mrpErrors(catalog: Catalog, existing: ProductRow | undefined, input: Input): Note[] {
  const rate = catalog.categoryRates.get(input.category ?? existing?.category ?? '');
  if (rate === undefined) return [];
  const refusal = mrpRefusal(existing ?? null, input, rate);
  return refusal ? [{ column: 'mrp', message: refusal }] : [];
}

/** A value of the input as the file writes it (the text compared to find what a row changes). */
function cellText(column: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column === 'price' || column === 'mrp') return (value as number).toFixed(2);
  return String(value);
}

/** The columns the row changes: from the product's cells (none for a new one) to the row's. */
function changesOf(before: Cells | null, given: Partial<Cells>, input: Input | undefined) {
  return (Object.keys(given) as Field[])
    .map((column) => {
      const field = FIELD_OF_COLUMN[column];
      const to = isPackageColumn(column)
        ? input?.package && FIGURE_OF_COLUMN[column] in input.package
          ? cellText(column, input.package[FIGURE_OF_COLUMN[column]])
          : (before?.[column] ?? '')
        : input && field in input
          ? cellText(column, input[field])
          : (before?.[column] ?? '');
      return { column, from: before?.[column] ?? '', to };
    })
    .filter((change) => (before ? change.from !== change.to : change.to !== ''));
}

function actionOf(errors: Note[], conflicts: Note[], isNew: boolean, changed: boolean) {
  if (errors.length) return 'invalid';
  if (conflicts.length) return 'conflict';
  if (isNew) return 'create';
  return changed ? 'update' : 'unchanged';
}

/** A row's stock against the product's now (decision 31): a stock left alone is taken out of the input. */
function stockNotes(catalog: Catalog, existing: ProductRow, input: Input, read: Read, given: Partial<Cells>) {
  if (input.countInStock === undefined) return { errors: [], conflicts: [] };
  const version = versionOf(catalog.file, read);
  const stock = stockOfRow(existing, input.countInStock, version, catalog.exportedStock, catalog.versionNow);
  if (stock.unchanged) {
    delete input.countInStock;
    delete given.stock;
  }
  return {
    errors: stock.error ? [{ column: 'stock_version', message: stock.error }] : [],
    conflicts: stock.conflict ? [{ column: 'stock', message: stock.conflict }] : [],
  };
}

/**
 * A product's price, MRP and stock on a row of a product sold in variants: its variants' figures, so a
 * variant's row leaves them empty and a product row (a file from before) may only repeat them. They are
 * taken out of the row; a figure it would change is refused.
 */
function fromVariantsErrors(given: Partial<Cells>, existing: ProductRow | undefined, variantRow: boolean): Note[] {
  const current = existing ? cellsOf(existing) : null;
  const errors: Note[] = [];
  for (const column of FROM_VARIANTS) {
    const cell = given[column];
    delete given[column];
    if (!cell || (!variantRow && current && Number(cell) === Number(current[column]))) continue;
    errors.push({
      column,
      message: `the product is sold in variants: its ${column} is each variant's (the variant_${column} column, a row per variant)`,
    });
  }
  return errors;
}

/** Where a row's product was first named by a variant's row: its line and product cells. */
type FirstRows = Map<string, { line: number; given: Partial<Cells> }>;

/** A later row of a product sold in variants must repeat the product's columns of its first row. */
function sharedCellErrors(first: { line: number; given: Partial<Cells> }, given: Partial<Cells>): Note[] {
  const differs = (Object.keys(given) as Field[]).filter((c) => given[c] !== first.given[c]);
  return differs.map((column) => ({
    column,
    message: `differs from row ${first.line}: the rows of a product's variants share its columns`,
  }));
}

/** Which product a row names, whether it is a variant's row, and the first row of that product's variants. */
function rowOf(catalog: Catalog, row: Row, firstRows: FirstRows) {
  const rawId = cellOf(catalog.file, row.read, 'id') ?? '';
  const existing = rawId ? catalog.current.get(rawId.toLowerCase()) : undefined;
  const given = givenCells(catalog.file, row.read);
  const cells = givenVariantCells(catalog.file, row.read);
  const inVariants = Boolean(cells.variant || cells.sku);
  const key = rawId ? rawId.toLowerCase() : `name:${(given.name ?? '').toLowerCase()}`;
  const first = inVariants ? firstRows.get(key) : undefined;
  return { rawId, existing, given, key, first, variantCells: inVariants ? cells : null };
}
type RowOf = ReturnType<typeof rowOf>;

const hasVariants = (catalog: Catalog, existing: ProductRow | undefined) =>
  Boolean(existing && catalog.variants.byProduct.get(existing.id)?.length);

/** Refusals of the row's product part (a product's later variant rows are checked against its first). */
function productRowErrors(catalog: Catalog, row: Row, r: RowOf, seen: Seen, firstRows: FirstRows): Note[] {
  const errors = cellErrors(catalog.file, row.read, row.width);
  const inVariants = r.variantCells !== null;
  if (!r.first) errors.push(...idErrors(r.rawId, r.existing, row.line, seen));
  if (!r.rawId && !r.first)
    errors.push(...newProductErrors(catalog, r.given, errors, { line: row.line, inVariants }, seen));
  if (inVariants || hasVariants(catalog, r.existing))
    errors.push(...fromVariantsErrors(r.given, r.existing, inVariants));
  if (r.first) errors.push(...sharedCellErrors(r.first, r.given));
  else if (inVariants) firstRows.set(r.key, { line: row.line, given: r.given });
  return errors;
}

/** The MRP rule and the stock of a product sold without variants. */
function ownPriceNotes(catalog: Catalog, r: RowOf, input: Input, read: Read): { errors: Note[]; conflicts: Note[] } {
  if (r.variantCells || hasVariants(catalog, r.existing)) return { errors: [], conflicts: [] };
  const errors = mrpErrors(catalog, r.existing, input);
  if (!r.existing) return { errors, conflicts: [] };
  const stock = stockNotes(catalog, r.existing, input, read, r.given);
  return { errors: [...errors, ...stock.errors], conflicts: stock.conflicts };
}

/** The product part of a row: its errors, its input and what it changes. */
function planProduct(catalog: Catalog, row: Row, seen: Seen, firstRows: FirstRows) {
  const r = rowOf(catalog, row, firstRows);
  const errors = productRowErrors(catalog, row, r, seen, firstRows);
  const { input, errors: inputErrors } = readInput(r.given);
  for (const e of inputErrors) if (!errors.some((n) => n.column === e.column)) errors.push(e);
  const own = input ? ownPriceNotes(catalog, r, input, row.read) : { errors: [], conflicts: [] };
  // The product's changes are listed once, on its first row.
  const changes: Change[] = r.first ? [] : changesOf(r.existing ? cellsOf(r.existing) : null, r.given, input);
  return { ...r, input, errors: [...errors, ...own.errors], conflicts: own.conflicts, changes };
}

/** The product's GST rate in basis points after the row (its own, else its category's). */
function rateOf(catalog: Catalog, existing: ProductRow | undefined, input: Input | undefined): number | undefined {
  const own =
    input?.gstPercent === undefined
      ? (existing?.gstBasisPoints ?? null)
      : input.gstPercent === null
        ? null
        : gstBasisPointsOf(input.gstPercent);
  return own ?? catalog.categoryRates.get(input?.category ?? existing?.category ?? '');
}

/** The variant part of a variant's row: the variant its sku names (or a new one), its errors and changes. */
function planVariant(
  catalog: Catalog,
  read: Read,
  cells: Partial<VariantCells>,
  product: ReturnType<typeof planProduct>,
) {
  const current = product.existing ? (catalog.variants.byProduct.get(product.existing.id) ?? []) : [];
  const sku = cells.sku?.toLowerCase();
  const existing = sku ? current.find((v) => v.sku.toLowerCase() === sku) : undefined;
  const { input, errors } = readVariant(cells, existing);
  const conflicts: Note[] = [];
  if (input) {
    errors.push(...variantMrpErrors(input, rateOf(catalog, product.existing, product.input)));
    const version = versionOf(catalog.file, read);
    if (!existing && version !== null) {
      errors.push({ column: 'stock_version', message: 'a new variant has no stock version yet: leave it empty' });
    } else if (existing && cells.variant_stock !== undefined) {
      const { exportedStock, versionNow } = catalog.variants;
      const stock = stockOfRow(existing, input.countInStock, version, exportedStock, versionNow);
      if (stock.unchanged) {
        input.countInStock = existing.countInStock;
        delete cells.variant_stock;
      }
      if (stock.error) errors.push({ column: 'stock_version', message: stock.error });
      if (stock.conflict) conflicts.push({ column: 'variant_stock', message: stock.conflict });
    }
  }
  return { existing, input, errors, conflicts, changes: variantChanges(existing, cells, input), current };
}

/** What one row of the file would do to the catalog: its changes, errors and stock conflicts. */
function planRow(catalog: Catalog, row: Row, seen: Seen, firstRows: FirstRows): PlannedRow {
  const product = planProduct(catalog, row, seen, firstRows);
  const productName = product.existing?.name ?? product.given.name ?? '';
  const input = product.input ?? {};
  if (!product.variantCells) {
    return {
      preview: previewRow(row.line, product, product.existing?.id ?? null, !product.existing, productName),
      input,
    };
  }
  const variant = planVariant(catalog, row.read, product.variantCells, product);
  const notes = {
    errors: [...product.errors, ...variant.errors],
    conflicts: [...product.conflicts, ...variant.conflicts],
    changes: [...product.changes, ...variant.changes],
  };
  const name = `${productName} · ${variant.input?.name ?? product.variantCells.variant ?? ''}`;
  const isNew = !product.existing || !variant.existing;
  return {
    preview: previewRow(row.line, notes, product.existing?.id ?? null, isNew, name),
    input,
    variant: { key: product.key, existing: variant.existing, input: variant.input, current: variant.current },
  };
}

function previewRow(
  line: number,
  notes: { errors: Note[]; conflicts: Note[]; changes: Change[] },
  productId: string | null,
  isNew: boolean,
  name: string,
): ImportPreview['rows'][number] {
  const { errors, conflicts, changes } = notes;
  const action = actionOf(errors, conflicts, isNew, changes.length > 0);
  return { row: line, action, _id: productId, name: name.slice(0, 120), changes, errors, conflicts };
}

/** The refusals that need all rows of a product sold in variants (a sku twice, two defaults ...). */
function checkVariantGroups(catalog: Catalog, rows: PlannedRow[]): void {
  for (const group of variantGroups(rows).values()) {
    const productId = group[0]!.preview._id;
    const named = new Set(group.flatMap((r) => (r.variant!.existing ? [r.variant!.existing.id] : [])));
    const kept = (productId ? (catalog.variants.byProduct.get(productId) ?? []) : []).filter((v) => !named.has(v.id));
    const found = groupErrors(
      group.map((r) => ({ line: r.preview.row, input: r.variant!.input })),
      productId,
      catalog.variants,
      kept,
    );
    group.forEach((r, n) => {
      if (!found[n]!.length) return;
      r.preview.errors.push(...found[n]!);
      r.preview.action = 'invalid';
    });
  }
}

/** The variant rows of each product, by its key, in the file's order. */
function variantGroups(rows: PlannedRow[]): Map<string, PlannedRow[]> {
  const groups = new Map<string, PlannedRow[]>();
  for (const r of rows) if (r.variant) groups.set(r.variant.key, [...(groups.get(r.variant.key) ?? []), r]);
  return groups;
}

/**
 * What each row of the file would do to the catalog, checked against the catalog as `db` sees it (in
 * apply, with the rows it updates locked): every change, error and stock conflict, by row and column.
 */
async function plan(db: Database, file: Parsed, lock: boolean): Promise<PlannedRow[]> {
  // Every cell by the one rule the export writes them by (csv.ts): its text, or why it is refused.
  const rows = file.rows.map(({ line, cells }) => ({
    line,
    width: cells.length,
    read: file.columns.map((_, i) => readCell(cells[i] ?? '')),
  }));
  const catalog = await readCatalog(
    db,
    file,
    rows.map((r) => r.read),
    lock,
  );
  const seen: Seen = { ids: new Map(), names: new Map() };
  const firstRows: FirstRows = new Map();
  const planned = rows.map((row) => planRow(catalog, row, seen, firstRows));
  checkVariantGroups(catalog, planned);
  return planned;
}

const STOCK_VERSION = /^\d{1,15}$/;

/**
 * What a row's stock cell means for a product the file updates (decision 31). The figure the export
 * wrote is the stock its version left: the same figure means the owner did not touch it, and it is left
 * alone (orders since then stand), as is a figure equal to the stock now; another figure is applied only
 * while the version is still the product's latest, and is a conflict otherwise, or when the file has no
 * version to compare with.
 */
function stockOfRow(
  product: { id: string; countInStock: number },
  stock: number,
  version: number | null,
  exported: Map<number, { productId: string; stock: number }>,
  versionNow: Map<string, number>,
): { unchanged?: true; error?: string; conflict?: string } {
  if (version === null) {
    if (stock === product.countInStock) return {};
    return {
      conflict: `the file does not say which stock it was exported with (its stock_version is empty), so ${stock} could undo orders placed since; this row is left as it is. Export the catalog again and change the stock there, or on the product's page.`,
    };
  }
  const seen = Number.isNaN(version) ? undefined : exported.get(version);
  if (!seen || seen.productId !== product.id) {
    return { error: 'is not one the catalog export wrote for this product: leave the column as it was exported' };
  }
  // Nothing to write, whatever moved since: nothing can be undone (the same file uploaded again).
  if (stock === seen.stock || stock === product.countInStock) return { unchanged: true };
  if (versionNow.get(product.id) === version) return {};
  return {
    conflict: `the stock moved from ${seen.stock} to ${product.countInStock} after the export (orders or another edit), so ${stock} could undo them; this row is left as it is. Export the catalog again, or change the stock on the product's page.`,
  };
}

function previewOf(rows: PlannedRow[]): ImportPreview {
  const previewRows = rows.map((r) => r.preview);
  const counts = { create: 0, update: 0, unchanged: 0, conflict: 0, invalid: 0 };
  for (const r of previewRows) counts[r.action]++;
  const plan = createHash('sha256').update(JSON.stringify(previewRows)).digest('hex');
  return { plan, rows: previewRows, counts };
}

/** What importing the file would do, row by row; nothing is written. */
export async function previewImport(db: Database, bytes: Uint8Array): Promise<ImportPreview> {
  return previewOf(await plan(db, readFile(bytes), false));
}

/**
 * Applies the file in one transaction, if it still plans exactly as the preview the admin saw (`plan`)
 * and has no errors: all of it or none. Stock it sets is recorded in the ledger as an import by `by.actor`,
 * and the import and each product it changes in the audit log (issue 29).
 */
export async function applyImport(
  db: Database,
  bytes: Uint8Array,
  expected: string,
  by: Importer,
): Promise<ImportResult> {
  const file = readFile(bytes);
  return db.transaction(async (tx) => {
    const rows = await plan(tx, file, true);
    const preview = previewOf(rows);
    if (preview.counts.invalid) {
      throw new DomainError(
        'invalid_data',
        errorCodes.importInvalid,
        `${preview.counts.invalid} rows have errors; nothing was changed. Preview the file to see them.`,
      );
    }
    if (preview.plan !== expected) {
      throw new DomainError(
        'conflict',
        errorCodes.importStale,
        'The catalog changed after the preview; nothing was changed. Preview the file again.',
      );
    }
    const result = {
      created: preview.counts.create,
      updated: preview.counts.update,
      unchanged: preview.counts.unchanged,
      conflicts: preview.counts.conflict,
    };
    await recordAudit(tx, by.actor, {
      action: 'catalog_import.apply',
      entity: 'catalog_import',
      entityId: preview.plan,
      before: null,
      after: { plan: preview.plan, ...result },
    });
    await write(tx, rows, preview.plan, by);
    return result;
  });
}

/** Who applies an import, and the shop's address for the customers it leaves waiting for stock (issue 28). */
interface Importer {
  actor: Actor;
  shopUrl: string;
}

/**
 * Writes the planned rows through the catalog module (its update and insert, so the MRP rule and the
 * columns are the admin form's), with the stock they set recorded as this import by `actor`, and each
 * product in the audit log as the import left it.
 */
async function write(tx: Transaction, rows: PlannedRow[], plan: string, { actor, shopUrl }: Importer): Promise<void> {
  await setStockCause(tx, { reason: 'import', actorId: actor.id, reference: `import ${plan.slice(0, 12)}`, shopUrl });
  const writes = [...productWrites(rows), ...variantWrites(rows)];
  const updates = writes.filter((w) => w.productId).sort((a, b) => a.productId!.localeCompare(b.productId!));
  for (const { productId, input } of updates) await auditedProductUpdate(tx, actor, productId!, input);
  // A new product gets its id here, so its variants can be written after it and its entry name it.
  const created = writes.filter((w) => !w.productId).map((w) => ({ ...w, id: randomUUID() }));
  await insertProducts(
    tx,
    created.map((w) => ({ ...(w.input as NewProduct), id: w.id })),
  );
  for (const w of created) if (w.variants) await writeProductUpdate(tx, w.id, { variants: w.variants });
  await recordProductsCreated(
    tx,
    actor,
    created.map((w) => w.id),
  );
}

/** A product the import writes: its id (none for a new one), its fields and, sold in variants, their list. */
interface ProductWrite {
  productId: string | null;
  input: ProductUpdate;
  variants?: VariantInput[];
}

/** The products of rows without variants to update or create. */
function productWrites(rows: PlannedRow[]): ProductWrite[] {
  return rows
    .filter((r) => !r.variant && (r.preview.action === 'update' || r.preview.action === 'create'))
    .map((r) => ({ productId: r.preview.action === 'update' ? r.preview._id! : null, input: r.input }));
}

/**
 * The products of variants' rows that change anything: the product's columns from its first row, and
 * its whole list of variants (those the file leaves out or cannot apply kept as they are). A new one is
 * created at its default variant's price (a row to create was planned with a name and category).
 */
function variantWrites(rows: PlannedRow[]): ProductWrite[] {
  const writes: ProductWrite[] = [];
  for (const group of variantGroups(rows).values()) {
    if (!group.some((r) => r.preview.action === 'update' || r.preview.action === 'create')) continue;
    const applied = group.filter((r) => r.preview.action !== 'conflict' && r.variant!.input);
    const planned = new Map(
      applied.flatMap((r) => (r.variant!.existing ? [[r.variant!.existing.id, r.variant!.input!] as const] : [])),
    );
    const added = applied.filter((r) => !r.variant!.existing).map((r) => r.variant!.input!);
    const productId = group[0]!.preview._id;
    const variants = variantList(group[0]!.variant!.current, planned, added);
    if (productId) {
      writes.push({ productId, input: { ...group[0]!.input, variants } });
      continue;
    }
    const chosen = variants.find((v) => v.isDefault) ?? variants[0]!;
    writes.push({ productId, input: { ...group[0]!.input, price: chosen.price, mrp: chosen.mrp ?? null }, variants });
  }
  return writes;
}
