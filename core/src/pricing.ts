import { FREE_SHIPPING_ABOVE_PAISE, ONLINE_DISCOUNT_PERCENT, SHIPPING_FEE_PAISE, TAX_PERCENT } from './constants.ts';
import { percentOf, type Paise } from './money.ts';

export interface PricedLine {
  unitPricePaise: Paise;
  qty: number;
}

export interface OrderAmounts {
  itemsPaise: Paise;
  shippingPaise: Paise;
  taxPaise: Paise;
  discountPaise: Paise;
  totalPaise: Paise;
}

/** SPEC §9: items, shipping (free above ₹100), 18% tax on items, 10% off items when paid online. */
export function priceOrder(lines: readonly PricedLine[], paidOnline: boolean): OrderAmounts {
  const itemsPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.qty, 0);
  const shippingPaise = itemsPaise > FREE_SHIPPING_ABOVE_PAISE ? 0 : SHIPPING_FEE_PAISE;
  const taxPaise = percentOf(itemsPaise, TAX_PERCENT);
  const discountPaise = paidOnline ? percentOf(itemsPaise, ONLINE_DISCOUNT_PERCENT) : 0;
  return {
    itemsPaise,
    shippingPaise,
    taxPaise,
    discountPaise,
    totalPaise: itemsPaise - discountPaise + shippingPaise + taxPaise,
  };
}

/**
 * PRODUCT.md: a price is before GST, and the MRP (by law) includes every tax. What a customer pays for
 * one unit with GST, which the MRP may not be below and which a saving is measured from.
 */
export function unitPriceWithGstPaise(unitPricePaise: Paise): Paise {
  return unitPricePaise + percentOf(unitPricePaise, TAX_PERCENT);
}
