import { z } from 'zod';

/** A cart line as the browser keeps it (SPEC §3). Its price is for display: the server reprices orders. */
export const cartItem = z.object({
  product: z.string().min(1),
  name: z.string(),
  image: z.string(),
  price: z.number().nonnegative(),
  countInStock: z.number().int().nonnegative(),
  qty: z.number().int().min(1),
});
export type CartItem = z.infer<typeof cartItem>;
