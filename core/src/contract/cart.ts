import * as z from 'zod/mini';

/** A cart line as the browser keeps it (SPEC §3). Its price is for display: the server reprices orders. */
export const cartItem = z.object({
  product: z.string().check(z.minLength(1)),
  name: z.string(),
  image: z.string(),
  price: z.number().check(z.gte(0)),
  countInStock: z.int().check(z.gte(0)),
  qty: z.int().check(z.gte(1)),
});
export type CartItem = z.infer<typeof cartItem>;
