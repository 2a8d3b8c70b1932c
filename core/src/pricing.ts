import {
  DEFAULT_GST_BASIS_POINTS,
  FREE_SHIPPING_ABOVE_PAISE,
  ONLINE_DISCOUNT_PERCENT,
  SHIPPING_FEE_PAISE,
} from './constants.ts';
import { basisPointsOf, percentOf, type Paise } from './money.ts';

export interface PricedLine {
  unitPricePaise: Paise;
  qty: number;
  /** The GST rate of the product's category, in basis points (1800 = 18%). */
  gstBasisPoints: number;
}

export interface OrderAmounts {
  itemsPaise: Paise;
  shippingPaise: Paise;
  taxPaise: Paise;
  discountPaise: Paise;
  totalPaise: Paise;
}

/** A line's GST: its rate of the line's items (all units together), rounded half up to the paisa. */
export function lineTaxPaise(line: PricedLine): Paise {
  return basisPointsOf(line.unitPricePaise * line.qty, line.gstBasisPoints);
}

/**
 * SPEC §9: items, shipping (free above ₹100), tax on items, 10% off items when paid online. PRODUCT.md:
 * each line is taxed at its category's rate and the order's tax is the sum of the lines' tax.
 */
export function priceOrder(lines: readonly PricedLine[], paidOnline: boolean): OrderAmounts {
  const itemsPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.qty, 0);
  const shippingPaise = itemsPaise > FREE_SHIPPING_ABOVE_PAISE ? 0 : SHIPPING_FEE_PAISE;
  const taxPaise = lines.reduce((sum, line) => sum + lineTaxPaise(line), 0);
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
 * one unit with its category's GST, which the MRP may not be below and which a saving is measured from.
 */
export function unitPriceWithGstPaise(unitPricePaise: Paise, basisPoints: number = DEFAULT_GST_BASIS_POINTS): Paise {
  return unitPricePaise + basisPointsOf(unitPricePaise, basisPoints);
}

/** 1800 -> 18, 25 -> 0.25: the API and the screens speak percent, the database basis points. */
export function gstPercentOf(basisPoints: number): number {
  return basisPoints / 100;
}

export function gstBasisPointsOf(percent: number): number {
  return Math.round(percent * 100);
}
