import * as z from 'zod/mini';

/** An add-on chosen with a cart line (issue 25): its price is for display, like the line's. */
export const cartAddOn = z.object({
  _id: z.string().check(z.minLength(1)),
  name: z.string(),
  /** Issue 30: its Hindi name, for Hindi pages; absent without one. */
  nameHi: z.optional(z.string()),
  price: z.number().check(z.gte(0)),
  /** The buyer's text for the add-on's fields, by field name (wearer's name, gotra). */
  values: z.record(z.string(), z.string()),
  /** Issue 30: the Hindi labels of its fields, by field name, for Hindi pages; absent without any. */
  fieldNamesHi: z.optional(z.record(z.string(), z.string())),
});
export type CartAddOn = z.infer<typeof cartAddOn>;

/**
 * A cart line as the browser keeps it (SPEC §3). Its price is for display (the unit price with its
 * add-ons): the server reprices orders. `variant` and `addOns` (issue 25) are absent on lines of
 * products without them, and on carts saved before they existed.
 */
export const cartItem = z.object({
  product: z.string().check(z.minLength(1)),
  name: z.string(),
  /** Issue 30: the product's Hindi name, for Hindi pages; absent without one (and on older carts). */
  nameHi: z.optional(z.string()),
  image: z.string(),
  price: z.number().check(z.gte(0)),
  countInStock: z.int().check(z.gte(0)),
  qty: z.int().check(z.gte(1)),
  variant: z.optional(z.string().check(z.minLength(1))),
  variantName: z.optional(z.string()),
  /** Issue 30: the variant's Hindi name, for Hindi pages; absent without one. */
  variantNameHi: z.optional(z.string()),
  addOns: z.optional(z.array(cartAddOn)),
});
export type CartItem = z.infer<typeof cartItem>;
