/**
 * Issue 29: the audit log. Every change staff make (or the shop makes on their behalf) is one entry:
 * who, when, from which address, what, and the values before and after. Entries are append-only and
 * chained by hash (decision 0044).
 */
import * as z from 'zod/mini';
import { STAFF_ROLES, type Permission, type StaffRole } from '../staff.ts';
import { UUID_PATTERN, calendarDate, optionalQuery, wholeNumber } from './common.ts';

/** What an entry is about; `id` names the record (a product's id, a category's slug, `shop` for settings). */
export const AUDIT_ENTITIES = [
  'product',
  'category',
  'synonym',
  'upload',
  'catalog_import',
  'coupon',
  'sale',
  'order',
  'return',
  'user',
  'settings',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  product: 'Product',
  category: 'Category',
  synonym: 'Search synonym',
  upload: 'Upload',
  catalog_import: 'Catalog import',
  coupon: 'Coupon',
  sale: 'Sale',
  order: 'Order',
  return: 'Return',
  user: 'User',
  settings: 'Settings',
};

export const AUDIT_PAGE_MAX = 200;

/**
 * GET /api/admin/audit: newest first. `from` and `to` are Indian dates (both included); `actor` a
 * user's id; `before` the `seq` the previous page ended at.
 */
export const auditQuery = z
  .object({
    entity: optionalQuery(z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` })),
    id: optionalQuery(z.string().check(z.maxLength(100, { error: 'id must be at most 100 characters' }))),
    actor: optionalQuery(z.string().check(z.regex(UUID_PATTERN, { error: 'actor must be a user id' }))),
    action: optionalQuery(z.string().check(z.maxLength(60, { error: 'action must be at most 60 characters' }))),
    from: optionalQuery(calendarDate('from')),
    to: optionalQuery(calendarDate('to')),
    before: optionalQuery(wholeNumber('before', 1, Number.MAX_SAFE_INTEGER)),
    limit: optionalQuery(wholeNumber('limit', 1, AUDIT_PAGE_MAX)),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['to'] }),
    z.refine((q) => !q.id || q.entity, { error: 'id needs an entity', path: ['id'] }),
  );
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditActor = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.nullable(z.enum(STAFF_ROLES)),
});

export const auditEntry = z.object({
  /** The entry's place in the chain: 1, 2, 3 ... without gaps. */
  seq: z.number(),
  at: z.string(),
  /** Null: the shop itself (a timer, a webhook). */
  actor: z.nullable(auditActor),
  /** The client's address the change came from. */
  address: z.nullable(z.string()),
  /** `entity.verb`, e.g. `product.update`, `order.ship`, `user.role`. */
  action: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  /** The fields that changed, as they were (null for something new). */
  before: z.nullable(z.record(z.string(), z.unknown())),
  /** The fields that changed, as they are now (null for something removed). */
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  entries: z.array(auditEntry),
  /** Pass as `before` for the next (older) page; null at the end. */
  next: z.nullable(z.number()),
});
export type AuditPage = z.infer<typeof auditPage>;

/** GET /api/admin/audit/verify */
export const auditVerifyAnswer = z.object({
  intact: z.boolean(),
  /** Entries checked. */
  entries: z.number(),
  checkedAt: z.string(),
  /** The newest entry and its hash: written down elsewhere, it shows later whether the tail was cut. */
  head: z.nullable(z.object({ seq: z.number(), hash: z.string(), at: z.string() })),
  /** The first entry that does not hold: its content changed, or one before it is missing. */
  broken: z.nullable(
    z.object({ seq: z.number(), problem: z.enum(['changed', 'missing', 'out_of_order']), message: z.string() }),
  ),
});
export type AuditVerifyAnswer = z.infer<typeof auditVerifyAnswer>;

/** PUT /api/users/{id} `role` (owner only): a staff role, or null to make the account a customer's again. */
export const staffRoleInput = z.nullable(
  z.enum(STAFF_ROLES, { error: `role must be one of ${STAFF_ROLES.join(', ')}, or null` }),
);
export type StaffRoleInput = StaffRole | null;

/**
 * Who may read one record's own history (GET /api/admin/audit with `entity` and `id`): whoever may
 * work on that record, so the product editor and the order page show theirs. The whole log, and any
 * other filter, is for the `audit` permission.
 */
export const AUDIT_ENTITY_PERMISSIONS: Record<AuditEntity, Permission> = {
  product: 'catalog',
  category: 'catalog',
  synonym: 'catalog',
  upload: 'catalog',
  catalog_import: 'catalog',
  coupon: 'offers',
  sale: 'offers',
  order: 'orders.read',
  return: 'orders.read',
  user: 'customers.read',
  settings: 'settings',
};
