import { DEFAULT_GST_BASIS_POINTS } from './constants.ts';
import { basisPointsOf, type Paise } from './money.ts';

/**
 * PRODUCT.md: a price is before GST, and the MRP (by law) includes every tax. What a customer pays for
 * one unit with its category's GST, which the MRP may not be below and which a saving is measured from.
 */
export function unitPriceWithGstPaise(unitPricePaise: Paise, basisPoints: number = DEFAULT_GST_BASIS_POINTS): Paise {
  return unitPricePaise + basisPointsOf(unitPricePaise, basisPoints);
}

/**
 * The lowest MRP a price may have: one unit with its GST rounded up. A line of any quantity then never
 * costs more than quantity × MRP (its GST, rounded half up on the whole line, can never pass the units'
 * rounded-up GST), so no quote charges above the MRP.
 */
export function lowestMrpPaise(unitPricePaise: Paise, basisPoints: number = DEFAULT_GST_BASIS_POINTS): Paise {
  return unitPricePaise + Math.ceil((unitPricePaise * basisPoints) / 10000);
}

/** 1800 -> 18, 25 -> 0.25: the API and the screens speak percent, the database basis points. */
export function gstPercentOf(basisPoints: number): number {
  return basisPoints / 100;
}

export function gstBasisPointsOf(percent: number): number {
  return Math.round(percent * 100);
}
