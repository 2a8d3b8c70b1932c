import { createHash } from 'node:crypto';
import {
  CATALOG_CSV_COLUMNS,
  MAX_IMPORT_ROWS,
  MRP_BELOW_PRICE,
  UUID_PATTERN,
  errorCodes,
  productUpdate,
  toPaise,
  toRupees,
  unitPriceWithGstPaise,
  type CatalogCsvColumn,
  type ImportPreview,
  type ImportResult,
} from '@rr/core';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { csvLine, decodeCsv, parseCsv, readCell, type CellReading } from '../../csv.ts';
import { DomainError } from '../../domain-error.ts';
import { setStockCause, stockAtVersions, stockVersionOf, stockVersions } from '../stock/index.ts';
import { importedFacts } from './product-facts.ts';

const PLACEHOLDER_IMAGE = '/images/placeholder-product.svg';
const BATCH = 500;
type ProductRow = typeof products.$inferSelect;
type Field = Exclude<CatalogCsvColumn, 'id' | 'stock_version'>;
/** The product's own columns, in the file's order, between its id and its stock version. */
const FIELDS = CATALOG_CSV_COLUMNS.filter((c): c is Field => c !== 'id' && c !== 'stock_version');
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
    image: p.image,
    mukhi: plain(p.mukhi),
    origin: plain(p.origin),
    size_mm: plain(p.sizeMm),
    weight_carats: plain(p.weightCarats),
    bead_count: plain(p.beadCount),
    planet: plain(p.planet),
    certificate_lab: plain(p.certificateLab),
    certificate_number: plain(p.certificateNumber),
  };
}

const onSale = sql`not ${products.isDraft}`;

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
    for (const { product, stockVersion } of rows) {
      const cells = cellsOf(product);
      yield csvLine([product.id, ...FIELDS.map((c) => cells[c]), stockVersion ?? '']);
    }
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
      `The file has ${rows.length} products; an import takes at most ${MAX_IMPORT_ROWS}. Split it into smaller files.`,
    );
  }
  return { columns, rows: rows.map((cells, i) => ({ line: i + 2, cells })) };
}

/** The schema's field names and the CSV's columns. */
const COLUMN_OF_FIELD: Record<string, Field> = {
  name: 'name',
  price: 'price',
  mrp: 'mrp',
  image: 'image',
  brand: 'brand',
  category: 'category',
  description: 'description',
  countInStock: 'stock',
  mukhi: 'mukhi',
  origin: 'origin',
  sizeMm: 'size_mm',
  weightCarats: 'weight_carats',
  beadCount: 'bead_count',
  planet: 'planet',
  certificateLab: 'certificate_lab',
  certificateNumber: 'certificate_number',
};
const NUMERAL = /^-?\d+(\.\d+)?$/;
const factValue = (cell: string | undefined) =>
  cell === undefined ? undefined : cell === '' ? null : NUMERAL.test(cell) ? Number(cell) : cell;
const textFact = (cell: string | undefined) => (cell === undefined ? undefined : cell === '' ? null : cell);

type Values = Partial<Omit<typeof products.$inferInsert, 'id'>>;
interface PlannedRow {
  preview: ImportPreview['rows'][number];
  values: Values;
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
  const at = (read: CellReading[], column: CatalogCsvColumn) => {
    const i = file.columns.indexOf(column);
    return i < 0 ? undefined : (read[i]!.text ?? '');
  };
  const ids = [
    ...new Set(rows.map((r) => at(r.read, 'id')?.toLowerCase() ?? '').filter((id) => UUID_PATTERN.test(id))),
  ].sort();
  const current = new Map<string, ProductRow>();
  if (ids.length) {
    const query = db
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), onSale))
      .orderBy(asc(products.id));
    for (const p of await (lock ? query.for('update') : query)) current.set(p.id, p);
  }
  // Read after the lock: no order can move these products' stock again before apply commits.
  const versionNow = await stockVersions(db, [...current.keys()]);
  const versionOf = (read: CellReading[]) => {
    const cell = at(read, 'stock_version') ?? '';
    return STOCK_VERSION.test(cell) ? Number(cell) : cell === '' ? null : NaN;
  };
  const exportedStock = await stockAtVersions(db, [
    ...new Set(rows.map((r) => versionOf(r.read)).filter((v): v is number => v !== null && !Number.isNaN(v))),
  ]);
  const newNames = rows
    .filter((r) => !at(r.read, 'id'))
    .map((r) => at(r.read, 'name')?.toLowerCase() ?? '')
    .filter(Boolean);
  const named = new Map<string, string>();
  if (newNames.length) {
    const found = await db
      .select({ id: products.id, name: sql<string>`lower(${products.name})` })
      .from(products)
      .where(and(inArray(sql`lower(${products.name})`, [...new Set(newNames)]), onSale));
    for (const r of found) named.set(r.name, r.id);
  }
  const gstOf = new Map(
    (await db.select({ slug: categories.slug, bp: categories.gstBasisPoints }).from(categories)).map((c) => [
      c.slug,
      c.bp,
    ]),
  );

  const seenIds = new Map<string, number>();
  const seenNames = new Map<string, number>();
  return rows.map(({ line, width, read }) => {
    const errors: Array<{ column: string; message: string }> = [];
    const conflicts: Array<{ column: string; message: string }> = [];
    file.columns.forEach((column, i) => {
      const problem = read[i]!.problem;
      if (problem) errors.push({ column, message: problem });
    });
    const rawId = at(read, 'id') ?? '';
    const id = rawId.toLowerCase();
    const existing = id ? current.get(id) : undefined;
    if (width !== file.columns.length) {
      errors.push({ column: '', message: `has ${width} cells; the header has ${file.columns.length}` });
    }
    if (id && !existing) errors.push({ column: 'id', message: `no product with the id "${rawId.slice(0, 40)}"` });
    if (id && seenIds.has(id)) errors.push({ column: 'id', message: `the same product as row ${seenIds.get(id)}` });
    if (id) seenIds.set(id, line);

    const given = {} as Partial<Cells>;
    for (const column of FIELDS) {
      const cell = at(read, column);
      if (cell !== undefined) given[column] = cell;
    }
    if (!id) {
      for (const column of ['name', 'category', 'price'] as const) {
        if (!given[column] && !errors.some((e) => e.column === column))
          errors.push({ column, message: `${column} is required for a new product` });
      }
      const name = given.name?.toLowerCase();
      if (name && seenNames.has(name))
        errors.push({ column: 'name', message: `the same new product as row ${seenNames.get(name)}` });
      if (name && named.has(name)) {
        errors.push({
          column: 'name',
          message: `a product with this name exists: put its id (${named.get(name)}) in the id column to update it`,
        });
      }
      if (name) seenNames.set(name, line);
    }

    const core = productUpdate.safeParse({
      name: given.name,
      price: given.price,
      mrp: given.mrp,
      image: given.image,
      brand: given.brand,
      category: given.category,
      description: given.description,
      countInStock: given.stock,
    });
    const facts = importedFacts.safeParse({
      mukhi: factValue(given.mukhi),
      origin: textFact(given.origin),
      sizeMm: factValue(given.size_mm),
      weightCarats: factValue(given.weight_carats),
      beadCount: factValue(given.bead_count),
      planet: textFact(given.planet),
      certificateLab: textFact(given.certificate_lab),
      certificateNumber: textFact(given.certificate_number),
    });
    for (const result of [core, facts]) {
      if (result.success) continue;
      for (const issue of result.error.issues) {
        const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? '';
        if (!errors.some((e) => e.column === column)) errors.push({ column, message: issue.message });
      }
    }

    const values: Values = {};
    if (core.success && facts.success) {
      const c = core.data;
      if (c.name !== undefined) values.name = c.name;
      if (c.price !== undefined) values.pricePaise = toPaise(c.price);
      if (c.mrp !== undefined) values.mrpPaise = c.mrp === null ? null : toPaise(c.mrp);
      if (c.image !== undefined) values.image = c.image;
      if (c.brand !== undefined) values.brand = c.brand;
      if (c.category !== undefined) values.category = c.category;
      if (c.description !== undefined) values.description = c.description;
      if (c.countInStock !== undefined) values.countInStock = c.countInStock;
      for (const [key, value] of Object.entries(facts.data))
        if (value !== undefined) Object.assign(values, { [key]: value });
      const pricePaise = values.pricePaise ?? existing?.pricePaise;
      const mrpPaise = values.mrpPaise === undefined ? existing?.mrpPaise : values.mrpPaise;
      const gst = gstOf.get(values.category ?? existing?.category ?? '');
      if (pricePaise && mrpPaise && gst !== undefined && mrpPaise < unitPriceWithGstPaise(pricePaise, gst)) {
        errors.push({ column: 'mrp', message: MRP_BELOW_PRICE });
      }
    }

    if (existing && values.countInStock !== undefined) {
      const stock = stockOfRow(existing, values.countInStock, versionOf(read), exportedStock, versionNow);
      if (stock.error) errors.push({ column: 'stock_version', message: stock.error });
      if (stock.conflict) conflicts.push({ column: 'stock', message: stock.conflict });
      if (stock.unchanged) {
        delete values.countInStock;
        delete given.stock;
      }
    }

    const before = existing ? cellsOf(existing) : null;
    const after = { ...(before ?? cellsOf({ ...NEW_PRODUCT, ...values } as ProductRow)), ...cellsOfValues(values) };
    const changes = (Object.keys(given) as Field[])
      .filter((column) => (before ? before[column] !== after[column] : after[column] !== ''))
      .map((column) => ({ column, from: before?.[column] ?? '', to: after[column] }));
    const action = errors.length
      ? 'invalid'
      : conflicts.length
        ? 'conflict'
        : !existing
          ? 'create'
          : changes.length
            ? 'update'
            : 'unchanged';
    return {
      preview: {
        row: line,
        action,
        _id: existing?.id ?? null,
        name: (existing?.name ?? given.name ?? '').slice(0, 120),
        changes,
        errors,
        conflicts,
      },
      values,
    };
  });
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
  product: ProductRow,
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

const NEW_PRODUCT = {
  name: '',
  category: '',
  pricePaise: null,
  mrpPaise: null,
  countInStock: 0,
  brand: '',
  description: '',
  image: PLACEHOLDER_IMAGE,
  mukhi: null,
  origin: null,
  sizeMm: null,
  weightCarats: null,
  beadCount: null,
  planet: null,
  certificateLab: null,
  certificateNumber: null,
};

/** The cells of the values a row sets, for comparing with the product's. */
function cellsOfValues(values: Values): Partial<Cells> {
  const all = cellsOf({ ...NEW_PRODUCT, ...values } as unknown as ProductRow);
  const cells: Partial<Cells> = {};
  for (const [field, column] of Object.entries(COLUMN_OF_FIELD)) {
    const key = field === 'price' ? 'pricePaise' : field === 'mrp' ? 'mrpPaise' : field;
    if (key in values) cells[column] = all[column];
  }
  return cells;
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
 * and has no errors: all of it or none. Stock it sets is recorded in the ledger as an import by `adminId`.
 */
export async function applyImport(
  db: Database,
  bytes: Uint8Array,
  expected: string,
  adminId: string,
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
    await write(tx, rows, preview.plan, adminId);
    return {
      created: preview.counts.create,
      updated: preview.counts.update,
      unchanged: preview.counts.unchanged,
      conflicts: preview.counts.conflict,
    };
  });
}

async function write(tx: Transaction, rows: PlannedRow[], plan: string, adminId: string): Promise<void> {
  await setStockCause(tx, { reason: 'import', actorId: adminId, reference: `import ${plan.slice(0, 12)}` });
  const updates = rows
    .filter((r) => r.preview.action === 'update')
    .sort((a, b) => a.preview._id!.localeCompare(b.preview._id!));
  for (const { preview, values } of updates) {
    await tx
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(products.id, preview._id!));
  }
  const creates = rows.filter((r) => r.preview.action === 'create');
  if (creates.length) {
    await tx
      .insert(products)
      .values(creates.map(({ values }) => ({ image: PLACEHOLDER_IMAGE, ...values }) as typeof products.$inferInsert));
  }
}
