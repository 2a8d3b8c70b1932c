/**
 * Money is stored and computed as integer paise; the API and the screens speak rupees.
 * This is the only module that converts between the two.
 */
export type Paise = number;

export function toPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
  // Round via the decimal string so 0.1 + 0.2 style binary noise cannot move a paisa.
  return Math.round(Number((rupees * 100).toFixed(4)));
}

export function toRupees(paise: Paise): number {
  if (!Number.isInteger(paise)) throw new RangeError(`Paise must be whole: ${paise}`);
  return paise / 100;
}

/** `part` percent of `paise`, rounded half up to a whole paisa. */
export function percentOf(paise: Paise, part: number): Paise {
  return Math.floor((paise * part + 50) / 100);
}

/** `basisPoints` hundredths of a percent of `paise` (1800 = 18%), rounded half up to a whole paisa. */
export function basisPointsOf(paise: Paise, basisPoints: number): Paise {
  return Math.floor((paise * basisPoints + 5000) / 10000);
}

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,23,456.00: rupees with Indian digit grouping and 2 decimals. */
export function formatRupees(rupees: number): string {
  return inr.format(rupees);
}
