import { addUnits, errorCodes, type AfterSaleLineInput } from '@rr/core';
import type { orderItems, AfterSaleLine } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';

type ItemRow = typeof orderItems.$inferSelect;

/**
 * The order's product lines the customer names (`product`, and `variant` when the order has the product
 * in several variants), as product lines of the quote: 409 REFUND_UNITS when one is not in the order.
 */
export function productLinesOf(items: readonly ItemRow[], wanted: readonly AfterSaleLineInput[]): AfterSaleLine[] {
  const byLine = new Map<number, AfterSaleLine>();
  for (const want of wanted) {
    const matches = items.filter(
      (i) =>
        i.addOnOf == null &&
        i.productId === want.product &&
        (want.variant === undefined || want.variant === null ? true : i.variantId === want.variant),
    );
    if (matches.length !== 1) {
      throw new DomainError(
        'conflict',
        errorCodes.refundUnits,
        matches.length
          ? 'The order has this product in several variants: say which (variant).'
          : 'That product is not in this order.',
      );
    }
    const item = matches[0]!;
    const seen = byLine.get(item.lineNo);
    byLine.set(item.lineNo, { lineNo: item.lineNo, productId: item.productId, qty: (seen?.qty ?? 0) + want.qty });
  }
  return [...byLine.values()].sort((a, b) => a.lineNo - b.lineNo);
}

/** Product lines and their add-on lines (which go with them, unit for unit), as units by quote line. */
export function withAddOns(items: readonly ItemRow[], lines: readonly AfterSaleLine[]): Map<number, number> {
  const units = addUnits(new Map(), lines);
  for (const item of items) {
    if (item.addOnOf != null && units.has(item.addOnOf)) units.set(item.lineNo, units.get(item.addOnOf)!);
  }
  return units;
}
