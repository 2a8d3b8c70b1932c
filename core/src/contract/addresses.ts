import * as z from 'zod/mini';
import { NAME_MAX, phone } from './accounts.ts';
import { businessNeedsGstin, gstin, requiredText, shippingAddressAnswer, shippingAddressFields } from './orders.ts';

/**
 * Issue 28: a customer's saved delivery addresses, kept on the account so that checkout on any device
 * offers them. The fields are the shipping address's (orders.ts), whose rules they reuse; a saved one
 * always names its recipient, so the courier has someone to call whichever account holder ships to it.
 */
export const MAX_SAVED_ADDRESSES = 10;
export const ADDRESS_LABEL_MAX = 40;

const label = z
  .string({ error: 'label must be text' })
  .check(z.trim(), z.maxLength(ADDRESS_LABEL_MAX, { error: `label must be at most ${ADDRESS_LABEL_MAX} characters` }));
const isDefault = z.boolean({ error: 'isDefault must be true or false' });

const savedFields = {
  ...shippingAddressFields,
  name: requiredText('name', NAME_MAX),
  phone,
  label: z.optional(label),
  /** True makes it the default (the one checkout picks first); the first address is the default anyway. */
  isDefault: z.optional(isDefault),
};

/** POST /api/users/addresses. */
export const savedAddressInput = z.object(savedFields).check(businessNeedsGstin);
export type SavedAddressInput = z.infer<typeof savedAddressInput>;

/**
 * PUT /api/users/addresses/{id}: only the fields it carries change. A null GSTIN or business name takes
 * it off (a business name needs a GSTIN, checked on the address as it will be); `isDefault: true` makes
 * it the default, and the default stops being one only when another is made the default.
 */
export const savedAddressUpdate = z.object({
  ...z.partial(z.object(savedFields)).shape,
  gstin: z.optional(z.nullable(gstin)),
  businessName: z.optional(z.nullable(shippingAddressFields.businessName)),
});
export type SavedAddressUpdate = z.infer<typeof savedAddressUpdate>;

export const savedAddressParams = z.object({
  id: z.string().check(z.maxLength(100, { error: 'id is not an address id' })),
});

/** One saved address as the API answers it: the order's shipping address fields, with its label. */
export const savedAddress = z.extend(shippingAddressAnswer, {
  _id: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddress>;
