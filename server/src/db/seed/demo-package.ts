import type { Category } from '@rr/core';

// Issue 27: the demo products' packed parcels, by category: what one unit weighs boxed and the box it
// ships in (grams, cm), so the demo shop's freight follows the rate card's weight slabs.

interface DemoPackage {
  packageWeightGrams: number;
  packageLengthCm: number;
  packageBreadthCm: number;
  packageHeightCm: number;
}

const box = (grams: number, length: number, breadth: number, height: number): DemoPackage => ({
  packageWeightGrams: grams,
  packageLengthCm: length,
  packageBreadthCm: breadth,
  packageHeightCm: height,
});

const BY_CATEGORY: Record<Category, DemoPackage> = {
  /** A bead in a small box. */
  rudraksha: box(50, 10, 8, 5),
  /** A gem with its certificate. */
  gems: box(60, 12, 10, 5),
  /** A mala coiled in its box. */
  mala: box(150, 15, 12, 5),
};

/** The demo product's parcel columns (its category's box). */
export function demoPackageOf(category: Category): DemoPackage {
  return BY_CATEGORY[category];
}
