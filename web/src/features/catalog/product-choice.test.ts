import { translate } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { shop as hiShop } from '../../i18n/hi/shop.ts';
import type { Translate } from '../../i18n/index.tsx';
import {
  addOnPicksFrom,
  addOnProblem,
  addOnsFor,
  addToCartPath,
  cartLineFor,
  offerOf,
  pickerLabel,
  takenAddOns,
  unitPrice,
  variantFor,
} from './product-choice.ts';
import { beadAddOn, beadVariant, nepalBead } from '../../testing/variant-product.ts';

const bead = nepalBead();
const plain = nepalBead({ variants: [], addOns: [] });

describe('choosing a variant', () => {
  it('takes the variant named, else the default, else the first; none without variants', () => {
    expect(variantFor(bead, 'v22')?.name).toBe('22 mm');
    expect(variantFor(bead, null)?.name).toBe('20 mm');
    expect(variantFor(bead, 'no-such-id')?.name).toBe('20 mm');
    const unmarked = nepalBead({ variants: bead.variants!.map((v) => ({ ...v, isDefault: false })) });
    expect(variantFor(unmarked, null)?.name).toBe('18 mm');
    expect(variantFor(plain, 'v22')).toBeNull();
  });

  it("shows the variant's price, MRP, stock, pictures and size, and the product's without variants", () => {
    const big = offerOf(bead, variantFor(bead, 'v22'));
    expect(big).toMatchObject({ price: 1400, mrp: 1600, countInStock: 2 });
    expect(big.images).toEqual(['/images/products/nepal-5-22.svg', '/images/products/nepal-5-22-side.svg']);
    expect(big.facts.sizeMm).toBe(22);
    // A variant without pictures of its own shows the product's further ones after its own (the product's).
    expect(offerOf(bead, variantFor(bead, 'v20')).images).toEqual([
      '/images/products/nepal-5.svg',
      '/images/products/nepal-5-back.svg',
    ]);
    expect(offerOf(plain, null)).toMatchObject({ price: 1000, mrp: 1500, countInStock: 9 });
  });

  it('calls the picker Size or Weight when every variant has one, else Option', () => {
    expect(pickerLabel(bead.variants!)).toBe('Size');
    const weights = [1, 2].map((n) =>
      beadVariant({ _id: `w${n}`, name: `${n} ct`, facts: { sizeMm: null, weightCarats: n, weightRatti: null } }),
    );
    expect(pickerLabel(weights)).toBe('Weight');
    expect(pickerLabel([...weights, bead.variants![0]!])).toBe('Option');
  });
});

describe('add-ons', () => {
  it('offers those of every variant, and those limited to some only with them', () => {
    expect(addOnsFor(bead, variantFor(bead, 'v20')).map((a) => a._id)).toEqual(['silver', 'puja']);
    expect(addOnsFor(bead, variantFor(bead, 'v22')).map((a) => a._id)).toEqual(['silver', 'gold', 'puja']);
  });

  it('always takes a required add-on, and the others when picked', () => {
    const offered = [beadAddOn({ _id: 'cert', name: 'Certificate', required: true }), ...bead.addOns!];
    expect(takenAddOns(offered, new Set(['puja'])).map((a) => a._id)).toEqual(['cert', 'puja']);
  });

  it('adds the prices of the add-ons taken to the unit price, in paise', () => {
    expect(unitPrice(1000, [{ price: 350 }, { price: 251 }])).toBe(1601);
    expect(unitPrice(0.1, [{ price: 0.2 }])).toBe(0.3);
  });

  it('refuses an empty required field and text over the limit, naming the field; Devanagari counts by letter', () => {
    const puja = bead.addOns!.filter((a) => a._id === 'puja');
    expect(addOnProblem(puja, {})).toEqual({
      addOn: 'puja',
      field: 'Name',
      message: 'Please fill in Name for Energisation.',
    });
    expect(addOnProblem(puja, { puja: { Name: '   ' } })?.field).toBe('Name');
    expect(addOnProblem(puja, { puja: { Name: 'x'.repeat(41) } })?.message).toBe(
      'Name for Energisation must be at most 40 characters.',
    );
    expect(addOnProblem(puja, { puja: { Name: 'रमेश शर्मा' } })).toBeNull();
  });
});

describe('the cart line of a choice', () => {
  it('goes through the address to the cart page and back', () => {
    const picks = [{ _id: 'puja', values: { Name: 'रमेश & <b>' } }];
    const path = addToCartPath('p-nepal', 2, 'v22', picks);
    const url = new URL(path, 'http://shop.test');
    expect(url.pathname).toBe('/cart/p-nepal');
    expect(url.searchParams.get('qty')).toBe('2');
    expect(url.searchParams.get('variant')).toBe('v22');
    expect(addOnPicksFrom(url.searchParams.get('addOns'))).toEqual(picks);
    expect(addToCartPath('p1', 1, null, [])).toBe('/cart/p1?qty=1');
  });

  it('reads add-ons named wrongly in an address as none', () => {
    expect(addOnPicksFrom('not json')).toEqual([]);
    expect(addOnPicksFrom('{"_id":"x"}')).toEqual([]);
    expect(addOnPicksFrom('[1,{"_id":2},{"_id":"a","values":{"Name":3,"Gotra":"K"}}]')).toEqual([
      { _id: 'a', values: { Gotra: 'K' } },
    ]);
  });

  it('prices the variant with its add-ons and keeps their names and trimmed text', () => {
    const line = cartLineFor(bead, {
      variant: 'v22',
      addOns: [
        { _id: 'gold', values: {} },
        { _id: 'puja', values: { Name: ' Ramesh ', Gotra: '' } },
      ],
      qty: 1,
    });
    expect(line).toEqual({
      item: {
        product: 'p-nepal',
        name: 'Nepal 5 Mukhi Rudraksha',
        image: '/images/products/nepal-5-22.svg',
        price: 4151,
        countInStock: 2,
        qty: 1,
        variant: 'v22',
        variantName: '22 mm',
        addOns: [
          { _id: 'gold', name: 'Gold capping', price: 2500, values: {} },
          { _id: 'puja', name: 'Energisation', price: 251, values: { Name: 'Ramesh' } },
        ],
      },
    });
  });

  it('keeps the Hindi names of the variant and the extras with the line, where the shop wrote them (issue 30)', () => {
    const named = {
      ...bead,
      variants: bead.variants.map((v) => (v._id === 'v22' ? { ...v, nameHi: '22 मिमी' } : v)),
      addOns: bead.addOns.map((a) => (a._id === 'gold' ? { ...a, nameHi: 'सोने की कैपिंग' } : a)),
    };
    const picks = [
      { _id: 'gold', values: {} },
      { _id: 'silver', values: {} },
    ];
    const line = cartLineFor(named, { variant: 'v22', addOns: picks, qty: 1 });
    expect(line).toMatchObject({ item: { variantName: '22 mm', variantNameHi: '22 मिमी' } });
    const addOns = 'item' in line ? line.item.addOns : [];
    expect(addOns?.map((a) => [a.name, a.nameHi])).toEqual([
      ['Silver capping', undefined],
      ['Gold capping', 'सोने की कैपिंग'],
    ]);
  });

  it('orders the default variant for an unknown one, and a product without variants as before', () => {
    expect(cartLineFor(bead, { variant: 'gone', addOns: [], qty: 1 })).toMatchObject({
      item: { variant: 'v20', variantName: '20 mm', price: 1000 },
    });
    const line = cartLineFor(plain, { variant: null, addOns: [], qty: 3 });
    expect(line).toEqual({
      item: {
        product: 'p-nepal',
        name: 'Nepal 5 Mukhi Rudraksha',
        image: '/images/products/nepal-5.svg',
        price: 1000,
        countInStock: 9,
        qty: 3,
      },
    });
  });

  it('refuses an add-on not offered with the variant, and a required field left empty', () => {
    expect(cartLineFor(bead, { variant: 'v20', addOns: [{ _id: 'gold', values: {} }], qty: 1 })).toEqual({
      problem: 'An extra you chose is not offered with 20 mm.',
    });
    expect(cartLineFor(bead, { variant: 'v20', addOns: [{ _id: 'puja', values: {} }], qty: 1 })).toEqual({
      problem: 'Please fill in Name for Energisation.',
    });
  });

  it('names the variant and the extra in Hindi when refusing on a Hindi page, English where none (issue 30)', () => {
    const inHindi: Translate = (key, params) => translate('hi', hiShop, key, params);
    const named = nepalBead({
      variants: bead.variants!.map((v) => (v._id === 'v20' ? { ...v, nameHi: '20 मिमी' } : v)),
      addOns: bead.addOns!.map((a) => (a._id === 'puja' ? { ...a, nameHi: 'अभिमंत्रण' } : a)),
    });
    const choose = (variant: string, addOn: string) =>
      cartLineFor(named, { variant, addOns: [{ _id: addOn, values: {} }], qty: 1 }, inHindi, 'hi');
    expect(choose('v20', 'gold')).toEqual({ problem: 'आपकी चुनी एक अतिरिक्त सेवा 20 मिमी के साथ उपलब्ध नहीं है।' });
    expect(choose('v18', 'gold')).toEqual({ problem: 'आपकी चुनी एक अतिरिक्त सेवा 18 mm के साथ उपलब्ध नहीं है।' });
    expect(choose('v20', 'puja')).toEqual({ problem: 'कृपया अभिमंत्रण के लिए Name भरें।' });
    const puja = named.addOns!.filter((a) => a._id === 'puja');
    expect(addOnProblem(puja, { puja: { Name: 'x'.repeat(41) } }, inHindi, 'hi')?.message).toBe(
      'अभिमंत्रण के लिए Name अधिकतम 40 अक्षरों का हो सकता है।',
    );
  });

  it('names a field by its Hindi label on a Hindi page, and keeps the labels with the line (issue 30)', () => {
    const inHindi: Translate = (key, params) => translate('hi', hiShop, key, params);
    const labelled = nepalBead({
      addOns: bead.addOns!.map((a) =>
        a._id === 'puja' ? { ...a, fields: a.fields.map((f) => ({ ...f, nameHi: 'धारक का नाम' })) } : a,
      ),
    });
    const puja = labelled.addOns!.filter((a) => a._id === 'puja');
    expect(addOnProblem(puja, { puja: {} }, inHindi, 'hi')?.message).toBe('कृपया Energisation के लिए धारक का नाम भरें।');
    expect(addOnProblem(puja, { puja: {} })?.message).toBe('Please fill in Name for Energisation.');
    const line = cartLineFor(labelled, {
      variant: 'v20',
      addOns: [{ _id: 'puja', values: { Name: 'Ramesh' } }],
      qty: 1,
    });
    const addOns = 'item' in line ? line.item.addOns : [];
    expect(addOns?.find((a) => a._id === 'puja')).toMatchObject({
      values: { Name: 'Ramesh' },
      fieldNamesHi: { Name: 'धारक का नाम' },
    });
    // Without a Hindi label the line has none.
    const plainLine = cartLineFor(bead, {
      variant: 'v20',
      addOns: [{ _id: 'puja', values: { Name: 'Ramesh' } }],
      qty: 1,
    });
    const plainAddOn = 'item' in plainLine ? plainLine.item.addOns?.find((a) => a._id === 'puja') : undefined;
    expect(plainAddOn).toMatchObject({ values: { Name: 'Ramesh' } });
    expect(plainAddOn).not.toHaveProperty('fieldNamesHi');
  });
});
