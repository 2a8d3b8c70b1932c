import { useLanguage, useT } from '../../i18n/index.tsx';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  addOnProblem,
  addOnsFor,
  filledValues,
  offerOf,
  saleFor,
  takenAddOns,
  unitPrice,
  variantFor,
  type AddOnPick,
  type ChoosableProduct,
} from './product-choice.ts';

/** Moves the choice in the address without a new history entry, and without scrolling to the top. */
const KEEP_PLACE = { replace: true, preventScrollReset: true, state: { keepScroll: true } } as const;

/**
 * The buyer's choice on the product page (issue 25): the variant lives in the address (`?variant=`,
 * replaced, so a shared link opens on it; an unknown one is the default), the extras and their text in
 * the page.
 */
export function useProductChoice(product: ChoosableProduct) {
  const [searchParams, setSearchParams] = useSearchParams();
  const t = useT();
  const language = useLanguage();
  const variant = variantFor(product, searchParams.get('variant'));
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [values, setValues] = useState<Record<string, Record<string, string>>>({});

  const offered = addOnsFor(product, variant);
  const taken = takenAddOns(offered, picked);
  const offer = offerOf(product, variant);
  // Issue 26: the price shown in a running sale (the cart keeps the catalog price: the quote takes the
  // sale off as an adjustment).
  const sale = saleFor(product, variant);

  const chooseVariant = (id: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('variant', id);
      return next;
    }, KEEP_PLACE);
  const toggle = (id: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const setValue = (id: string, field: string, value: string) =>
    setValues((current) => ({ ...current, [id]: { ...current[id], [field]: value } }));

  const picks: AddOnPick[] = taken.map((a) => ({ _id: a._id, values: filledValues(a.fields, values[a._id]) }));
  return {
    variant,
    offer,
    offered,
    taken,
    takenIds: new Set(taken.map((a) => a._id)),
    values,
    picks,
    sale,
    /** The sale's badge for the unit with the extras taken (the catalog price struck through has them too). */
    saleWithExtras: sale && { ...sale.shown, was: unitPrice(sale.shown.was, taken) },
    /** The unit price with the extras taken, at the sale price when a sale runs. */
    price: unitPrice(sale?.price ?? offer.price, taken),
    problem: () => addOnProblem(taken, values, t, language),
    chooseVariant,
    toggle,
    setValue,
  };
}

export type ProductChoice = ReturnType<typeof useProductChoice>;
