import { productFacts } from '@rr/core';
import * as z from 'zod/mini';

/**
 * The product facts a catalog import can set, checked by the one schema the admin form and
 * PUT /api/products/:id use (core's `productFacts`), so a value one way in refuses the other refuses
 * too. Each is optional (a column the file leaves out keeps the product's fact); pictures and the
 * certificate file are uploads, not CSV cells.
 */
export const importedFacts = z.partial(
  z.pick(productFacts, {
    mukhi: true,
    origin: true,
    sizeMm: true,
    weightCarats: true,
    beadCount: true,
    planet: true,
    certificateLab: true,
    certificateNumber: true,
    // Issue 27: the parcel's figures, each from its own column.
    package: true,
  }),
);
export type ImportedFacts = z.infer<typeof importedFacts>;
