import { STAFF_ROLE_LABELS, formatDateTimeIST, formatRupees, isStaffRole, type AuditEntry } from '@rr/core';

/**
 * Issue 29: an audit entry's before and after as lines people read ("price: ₹499 → ₹549"), not JSON.
 * The entries keep the fields as the change wrote them (rupees as numbers, dates as ISO text, lists as
 * lists), so each value is worded by its field's name and its type.
 */
export interface ChangeLine {
  field: string;
  /** The value before; null for a field that is new (a record created). */
  from: string | null;
  /** The value after; null for a field that went (a record removed). */
  to: string | null;
}

/** "Asha (Orders and packing)", or the shop itself for a change no one on the team made. */
export function actorText(actor: AuditEntry['actor']): string {
  if (!actor) return 'the shop';
  return `${actor.name} (${actor.role ? STAFF_ROLE_LABELS[actor.role] : 'Customer'})`;
}

/** Fields whose names do not read as words on their own. */
const FIELD_NAMES: Record<string, string> = {
  countInStock: 'stock',
  isDraft: 'draft',
  mrp: 'MRP',
  gstRate: 'GST rate',
  hsnCode: 'HSN code',
  isAdmin: 'admin',
  codFee: 'COD fee',
  trackingNumber: 'tracking number (AWB)',
};

/** Numbers that are rupees: prices, amounts, fees, credit. */
const RUPEES = /(price|mrp|amount|fee|credit|rupees|minorder|maxdiscount|above|total)$/i;
/** Numbers that are percentages. */
const PERCENT = /(percent|rate)$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LONGEST = 80;

/** "countInStock" → "stock", "trackingNumber" → "tracking number". */
export function fieldName(key: string): string {
  return (
    FIELD_NAMES[key] ??
    key
      .replace(/_/g, ' ')
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
}

/** ₹499, ₹549.50: whole rupees without the paise. */
function rupees(value: number): string {
  return formatRupees(value).replace(/\.00$/, '');
}

function shortened(text: string): string {
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
}

/** A list's or an object's items by their names when they have one ("5 Mukhi, 7 Mukhi"), else how many. */
function listText(items: unknown[]): string {
  if (items.length === 0) return 'none';
  const names = items.map((item) =>
    item && typeof item === 'object'
      ? ['name', 'label', 'code', 'title'].map((k) => (item as Record<string, unknown>)[k]).find((v) => v != null)
      : item,
  );
  if (names.every((name) => typeof name === 'string' || typeof name === 'number')) return shortened(names.join(', '));
  return `${items.length} item${items.length === 1 ? '' : 's'}`;
}

/** One value as the field's name says to read it. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (RUPEES.test(key)) return rupees(value);
    if (PERCENT.test(key)) return `${value}%`;
    return value.toLocaleString('en-IN');
  }
  if (typeof value === 'string') {
    if (key === 'role' && isStaffRole(value)) return STAFF_ROLE_LABELS[value];
    if (ISO_TIME.test(value)) return formatDateTimeIST(value);
    return shortened(value);
  }
  if (Array.isArray(value)) return listText(value);
  const fields = Object.entries(value as Record<string, unknown>);
  return shortened(fields.map(([k, v]) => `${fieldName(k)} ${valueText(k, v)}`).join(', '));
}

/** The entry's changed fields, each with its value before and after, in the entry's (sorted) order. */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): ChangeLine[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => ({
    field: fieldName(key),
    from: entry.before && key in before ? valueText(key, before[key]) : null,
    to: entry.after && key in after ? valueText(key, after[key]) : null,
  }));
}

/** "price: ₹499 → ₹549"; "name: Ek Mukhi" for something new; "name: Ek Mukhi (removed)". */
export function changeText(line: ChangeLine): string {
  if (line.from === null) return `${line.field}: ${line.to ?? '—'}`;
  if (line.to === null) return `${line.field}: ${line.from} (removed)`;
  return `${line.field}: ${line.from} → ${line.to}`;
}

/** "order.ship" → "Order shipped"-like words for the common actions; the action itself otherwise. */
const ACTION_WORDS: Record<string, string> = {
  'product.create': 'Product created',
  'product.update': 'Product changed',
  'product.delete': 'Product deleted',
  'category.update': 'Category changed',
  'order.ship': 'Order shipped',
  'order.deliver': 'Order delivered',
  'order.pay': 'Order marked paid',
  'order.cancel': 'Order cancelled',
  'order.refund': 'Order refunded',
  'order.refund_retry': 'Refund retried',
  'order.message_resend': 'Message sent again',
  'user.role': 'Role changed',
  'user.update': 'User changed',
  'user.delete': 'User removed',
  'user.sessions_end': 'Sessions ended',
  'user.store_credit': 'Store credit granted',
  'coupon.create': 'Coupon created',
  'coupon.update': 'Coupon changed',
  'coupon.delete': 'Coupon deleted',
  'sale.create': 'Sale created',
  'sale.update': 'Sale changed',
  'sale.delete': 'Sale deleted',
  'catalog_import.apply': 'Catalog imported',
  'settings.shipping': 'Shipping settings changed',
  'settings.low_stock': 'Low-stock level changed',
};

export function actionText(action: string): string {
  return ACTION_WORDS[action] ?? action;
}

/** The actions the filter offers (any other can still be typed). */
export const KNOWN_ACTIONS = Object.keys(ACTION_WORDS);
