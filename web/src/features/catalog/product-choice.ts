import {
  nameIn,
  salePricePaise,
  toPaise,
  toRupees,
  type AddOnReply,
  type CartItem,
  type Language,
  type Product,
  translate,
  type ProductSale,
  type VariantReply,
} from '@rr/core';
import type { SalePrice } from '../../components/price.tsx';
import { shop } from '../../i18n/en/shop.ts';
import type { Translate } from '../../i18n/index.tsx';

/** The English texts, for callers without the page's language (tests, the cart's address check). */
const inEnglish: Translate = (key, params) => translate('en', shop, key, params);

/** A product's variant and a priced extra as GET /api/products/{id} gives them (issue 25). */
export type ProductVariant = VariantReply;
export type ProductAddOn = AddOnReply;
export type AddOnField = ProductAddOn['fields'][number];

/** Issue 26: a product or a listing card while a running sale covers it. */
export interface InSale {
  sale?: ProductSale | null;
}

/** The product page reads a product with its lists (empty when it has no variants or add-ons). */
export type ChoosableProduct = Product & InSale;

/**
 * The sale price of what is chosen, with the catalog price it replaces and the sale's badge; null when no
 * sale covers the product. A variant's sale price is core's rule on its price; the product's own is the
 * server's `sale.price`. Add-ons are never in a sale.
 */
export function saleFor(
  product: Pick<ChoosableProduct, 'price' | 'sale'>,
  variant: ProductVariant | null,
): { price: number; shown: SalePrice } | null {
  const { sale } = product;
  if (!sale) return null;
  const was = variant ? variant.price : product.price;
  const price = variant ? toRupees(salePricePaise(toPaise(variant.price), sale.percentOff)) : sale.price;
  return { price, shown: { name: sale.name, nameHi: sale.nameHi, percentOff: sale.percentOff, was } };
}

/** An add-on as a cart line or an order line names it: its id and the text of its fields. */
export interface AddOnPick {
  _id: string;
  values: Record<string, string>;
}

/** The variant with `id`, else the default one (the first when none is marked); null without variants. */
export function variantFor(product: ChoosableProduct, id: string | null): ProductVariant | null {
  const variants = product.variants;
  return variants.find((v) => v._id === id) ?? variants.find((v) => v.isDefault) ?? variants[0] ?? null;
}

/** The add-ons offered with `variant`: those limited to other variants are left out. */
export function addOnsFor(product: ChoosableProduct, variant: ProductVariant | null): ProductAddOn[] {
  return product.addOns.filter((a) => a.variants === null || (variant !== null && a.variants.includes(variant._id)));
}

/** What the page shows for the choice: the variant's price, MRP, stock, pictures and facts, or the product's. */
export function offerOf(product: ChoosableProduct, variant: ProductVariant | null) {
  if (!variant) {
    return {
      price: product.price,
      mrp: product.mrp,
      countInStock: product.countInStock,
      images: [product.image, ...product.images],
      facts: product,
    };
  }
  const images = [variant.image, ...(variant.images.length ? variant.images : product.images)];
  return {
    price: variant.price,
    mrp: variant.mrp,
    countInStock: variant.countInStock,
    images: [...new Set(images)],
    facts: {
      ...product,
      sizeMm: variant.facts.sizeMm ?? product.sizeMm,
      weightCarats: variant.facts.weightCarats ?? product.weightCarats,
      weightRatti: variant.facts.weightRatti ?? product.weightRatti,
    },
  };
}

/** The add-ons taken: the required ones always, the others when picked. */
export function takenAddOns(offered: readonly ProductAddOn[], picked: ReadonlySet<string>): ProductAddOn[] {
  return offered.filter((a) => a.required || picked.has(a._id));
}

/** The unit price with the add-ons taken, added in paise. */
export function unitPrice(base: number, addOns: ReadonlyArray<{ price: number }>): number {
  return toRupees(addOns.reduce((sum, a) => sum + toPaise(a.price), toPaise(base)));
}

/** The text of an add-on's fields as sent: trimmed, and blanks left out. */
export function filledValues(fields: readonly AddOnField[], values: Record<string, string> | undefined) {
  const filled: Record<string, string> = {};
  for (const field of fields) {
    const value = values?.[field.name]?.trim() ?? '';
    if (value !== '') filled[field.name] = value;
  }
  return filled;
}

/** Issue 30: the Hindi labels of an add-on's fields by name, for a cart line (Hindi pages); none: {}. */
export function fieldNamesHiOf(fields: readonly AddOnField[]): { fieldNamesHi?: Record<string, string> } {
  const labels = fields.flatMap((f) => (f.nameHi ? [[f.name, f.nameHi] as const] : []));
  return labels.length ? { fieldNamesHi: Object.fromEntries(labels) } : {};
}

/** Why the add-ons cannot be taken as they are, naming the first field at fault; null when they can. */
export function addOnProblem(
  addOns: readonly ProductAddOn[],
  values: Record<string, Record<string, string>>,
  t: Translate = inEnglish,
  language: Language = 'en',
): { addOn: string; field: string; message: string } | null {
  for (const addOn of addOns) {
    const extra = nameIn(addOn, language);
    for (const field of addOn.fields) {
      const value = values[addOn._id]?.[field.name]?.trim() ?? '';
      if (field.required && value === '')
        return {
          addOn: addOn._id,
          field: field.name,
          message: t('product.fillIn', { field: nameIn(field, language), extra }),
        };
      if ([...value].length > field.maxLength)
        return {
          addOn: addOn._id,
          field: field.name,
          message: t('product.tooLong', { field: nameIn(field, language), extra, max: field.maxLength }),
        };
    }
  }
  return null;
}

/** /cart/{id} with the quantity, the variant and the add-ons (with their text) as the cart page reads them. */
export function addToCartPath(productId: string, qty: number, variant: string | null, addOns: readonly AddOnPick[]) {
  const params = new URLSearchParams({ qty: String(qty) });
  if (variant) params.set('variant', variant);
  if (addOns.length) params.set('addOns', JSON.stringify(addOns));
  return `/cart/${productId}?${params.toString()}`;
}

/** The add-ons an address names (addToCartPath's `addOns`); none when it names them wrongly. */
export function addOnPicksFrom(text: string | null): AddOnPick[] {
  if (!text) return [];
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null || typeof (item as AddOnPick)._id !== 'string') return [];
      const values = (item as { values?: unknown }).values;
      const text =
        typeof values === 'object' && values !== null
          ? Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'))
          : {};
      return [{ _id: (item as AddOnPick)._id, values: text }];
    });
  } catch {
    return [];
  }
}

/**
 * The cart line for a product with the choices an address names (issue 25), or why there is none: an
 * unknown variant is the default one; add-ons not offered are refused, required ones are taken, and
 * their fields must be filled as the product page asks.
 */
export function cartLineFor(
  product: ChoosableProduct,
  choice: { variant: string | null; addOns: readonly AddOnPick[]; qty: number },
  t: Translate = inEnglish,
  language: Language = 'en',
): { item: CartItem } | { problem: string } {
  const variant = variantFor(product, choice.variant);
  const offered = addOnsFor(product, variant);
  const unknown = choice.addOns.find((pick) => !offered.some((a) => a._id === pick._id));
  if (unknown) {
    const name = variant ? nameIn(variant, language) : t('product.thisProduct');
    return { problem: t('product.extraNotOffered', { name }) };
  }
  const taken = takenAddOns(offered, new Set(choice.addOns.map((a) => a._id)));
  const values = Object.fromEntries(choice.addOns.map((a) => [a._id, a.values]));
  const problem = addOnProblem(taken, values, t, language);
  if (problem) return { problem: problem.message };
  const offer = offerOf(product, variant);
  const item: CartItem = {
    product: product._id,
    name: product.name,
    // Issue 30: Hindi pages name the line in Hindi (cartLineName); none without a Hindi name.
    ...(product.nameHi ? { nameHi: product.nameHi } : {}),
    image: offer.images[0] ?? product.image,
    price: unitPrice(offer.price, taken),
    countInStock: offer.countInStock,
    qty: choice.qty,
  };
  if (variant) {
    Object.assign(item, { variant: variant._id, variantName: variant.name });
    if (variant.nameHi) item.variantNameHi = variant.nameHi;
  }
  if (taken.length) {
    item.addOns = taken.map((a) => ({
      _id: a._id,
      name: a.name,
      ...(a.nameHi ? { nameHi: a.nameHi } : {}),
      price: a.price,
      values: filledValues(a.fields, values[a._id]),
      ...fieldNamesHiOf(a.fields),
    }));
  }
  return { item };
}

/** What the picker is called: "Size" when every variant has one, "Weight" likewise, else "Option". */
export function pickerLabel(variants: readonly ProductVariant[]): 'Size' | 'Weight' | 'Option' {
  if (variants.every((v) => v.facts.sizeMm !== null)) return 'Size';
  if (variants.every((v) => v.facts.weightCarats !== null)) return 'Weight';
  return 'Option';
}
