import * as z from 'zod/mini';
import { calendarDate } from './common.ts';
import { ORDER_STATES } from './fulfilment.ts';

/**
 * Issue 15, the owner's desk. What the dashboard's figures mean (also shown on the dashboard):
 * - revenue: the totals customers were charged (items, GST and shipping, less the online discount) of
 *   orders placed in the period and not cancelled since;
 * - orders: those orders, counted; average order value: revenue / orders;
 * - Cash on Delivery share: by number of orders, not by value;
 * - days are Indian days (midnight to midnight IST); "today" is so far, beside the whole of yesterday;
 *   7 and 30 days end today and stand beside the 7 and 30 days before them.
 */
export const DASHBOARD_DEFINITIONS = {
  revenue:
    'Revenue is what customers were charged (items, GST and shipping, less the online discount) on orders placed in the period that are not cancelled.',
  codShare: 'Cash on Delivery share counts orders, not value.',
  days: 'Days run midnight to midnight in Indian time; "today" is so far today, beside the whole of yesterday.',
} as const;

export const DASHBOARD_PERIODS = ['today', 'week', 'month'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
/** Days in each period: today, 7 days and 30 days (each ending today). */
export const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, week: 7, month: 30 };
/** Days of the revenue and orders chart the dashboard sends (the page shows 30 or all 90). */
export const CHART_DAYS = 90;

const figures = z.object({
  revenue: z.number(),
  orders: z.int(),
  averageOrderValue: z.number(),
  /** Orders paid by Cash on Delivery / orders, from 0 to 1; 0 when there were no orders. */
  codShare: z.number(),
  newCustomers: z.int(),
});
export type DashboardFigures = z.infer<typeof figures>;

const productFigure = z.object({ _id: z.string(), name: z.string(), units: z.int(), revenue: z.number() });

export const dashboardReply = z.object({
  /** The Indian date the figures end on. */
  today: z.string(),
  periods: z.object({
    today: z.object({ current: figures, previous: figures }),
    week: z.object({ current: figures, previous: figures }),
    month: z.object({ current: figures, previous: figures }),
  }),
  /** One entry per Indian day, oldest first, ending today. */
  daily: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.int() })),
  toShip: z.object({
    count: z.int(),
    oldest: z.array(
      z.object({ _id: z.string(), createdAt: z.string(), customerName: z.string(), totalPrice: z.number() }),
    ),
  }),
  lowStock: z.object({
    threshold: z.int(),
    /** Products at or below the threshold, counted up to LOW_STOCK_COUNT_CAP (then `capped`). */
    count: z.int(),
    capped: z.boolean(),
    products: z.array(z.object({ _id: z.string(), name: z.string(), countInStock: z.int() })),
  }),
  /** The last 30 days, value before GST. */
  topByUnits: z.array(productFigure),
  topByRevenue: z.array(productFigure),
});
export type DashboardReply = z.infer<typeof dashboardReply>;

export const MAX_LOW_STOCK_THRESHOLD = 100_000;
/**
 * The dashboard counts low-stock products up to this many and then says "1,000+": past it the exact
 * number changes nothing the owner does, and counting tens of thousands costs every dashboard request
 * milliseconds at 100k products (decision 0023).
 */
export const LOW_STOCK_COUNT_CAP = 1_000;
/** PUT /api/admin/settings/low-stock */
export const lowStockSettingBody = z.object({
  lowStockThreshold: z
    .int({ error: 'lowStockThreshold must be a whole number' })
    .check(
      z.gte(0, { error: 'lowStockThreshold must be 0 or more' }),
      z.lte(MAX_LOW_STOCK_THRESHOLD, { error: `lowStockThreshold must be at most ${MAX_LOW_STOCK_THRESHOLD}` }),
    ),
});
export type LowStockSetting = z.infer<typeof lowStockSettingBody>;

export const ORDER_EXPORT_STATES = ['all', ...ORDER_STATES] as const;
/** GET /api/admin/orders/export: orders placed from `from` to `to` (Indian dates, both included). */
export const ordersExportQuery = z
  .object({
    from: calendarDate('from'),
    to: calendarDate('to'),
    state: z._default(
      z.enum(ORDER_EXPORT_STATES, { error: `state must be one of ${ORDER_EXPORT_STATES.join(', ')}` }),
      'all',
    ),
  })
  .check(z.refine((q) => q.from <= q.to, { error: 'from must not be after to', path: ['to'] }));
export type OrdersExportQuery = z.infer<typeof ordersExportQuery>;

/**
 * The columns of the catalog CSV, in order: download it, change it, upload it. `stock_version` is the
 * point of the product's (or, on a variant's row, the variant's) stock history the row's stock was read
 * at: the import applies a changed stock only while the stock has not moved since (decision 31). It is
 * not for editing.
 */
export const CATALOG_CSV_COLUMNS = [
  'id',
  'name',
  'category',
  'price',
  'mrp',
  'stock',
  'brand',
  'description',
  // Issue 30: the Hindi name and description (empty: the English ones show); a file without the
  // columns keeps them.
  'name_hi',
  'description_hi',
  'image',
  'mukhi',
  'origin',
  'size_mm',
  'weight_carats',
  'bead_count',
  'planet',
  'certificate_lab',
  'certificate_number',
  // Issue 24: the product's own tax facts; empty takes its category's (and clears its own).
  'hsn_code',
  'gst_percent',
  'uqc',
  // Issue 27: the packed parcel of one unit (grams, cm); empty takes the shop's default package's figure.
  'package_weight_g',
  'package_length_cm',
  'package_breadth_cm',
  'package_height_cm',
  // Issue 25: a product sold in variants has a row per variant, each with the product's id and columns
  // (its price, mrp and stock left empty: the variants' own are these), the variant named by its sku.
  'variant',
  // Issue 30: the variant's Hindi name (empty: the English one shows); a file without the column keeps it.
  'variant_name_hi',
  'sku',
  'variant_price',
  'variant_mrp',
  'variant_stock',
  'variant_size_mm',
  'variant_weight_carats',
  // Issue 27: the variant's own parcel; empty takes the product's figure.
  'variant_package_weight_g',
  'variant_package_length_cm',
  'variant_package_breadth_cm',
  'variant_package_height_cm',
  'variant_image',
  'variant_default',
  'stock_version',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

const cellNotes = z.array(z.object({ column: z.string(), message: z.string() }));

export const importPreviewReply = z.object({
  /** Names this exact plan: applying sends it back, and is refused if the catalog changed since. */
  plan: z.string(),
  rows: z.array(
    z.object({
      /** The row's line in the file (the header is line 1). */
      row: z.int(),
      /** `conflict`: the row's stock was changed in the file while orders or edits moved it; not written. */
      action: z.enum(['create', 'update', 'unchanged', 'conflict', 'invalid']),
      _id: z.nullable(z.string()),
      name: z.string(),
      changes: z.array(z.object({ column: z.string(), from: z.string(), to: z.string() })),
      errors: cellNotes,
      /** Why a `conflict` row is left as it is. */
      conflicts: cellNotes,
    }),
  ),
  counts: z.object({ create: z.int(), update: z.int(), unchanged: z.int(), conflict: z.int(), invalid: z.int() }),
});
export type ImportPreview = z.infer<typeof importPreviewReply>;

export const importApplyQuery = z.object({
  plan: z
    .string({ error: 'plan is required: preview the file first' })
    .check(z.regex(/^[0-9a-f]{64}$/, { error: 'plan must be the one the preview gave' })),
});
/** `conflicts`: rows left as they were (their stock moved since the export). */
export const importApplyReply = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  conflicts: z.int(),
});
export type ImportResult = z.infer<typeof importApplyReply>;

export const STOCK_HISTORY_LIMIT = 20;
export const stockHistoryReply = z.object({
  entries: z.array(
    z.object({
      at: z.string(),
      before: z.int(),
      after: z.int(),
      reason: z.string(),
      /** The admin or customer who made the change; null for the shop itself or a removed account. */
      actorName: z.nullable(z.string()),
      /** Whether that person is on the shop's staff (issue 32: a cancellation says who, customer or staff). */
      actorIsStaff: z.boolean(),
      reference: z.nullable(z.string()),
    }),
  ),
});
export type StockHistory = z.infer<typeof stockHistoryReply>;
