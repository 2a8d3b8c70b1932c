import type { AddOnReply, Product, VariantReply } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client.ts';
import { followedFigures, optionsBody } from './options-body.ts';
import { checkOptions, errorKeyOf, errorsAt, serverIssues } from './options-check.ts';
import { optionsReducer, type OptionsAction } from './options-reducer.ts';
import { optionsStateOf, type OptionsState } from './rows.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const V18 = uuid(18);
const V20 = uuid(20);
const SILVER = uuid(1);

const facts = { sizeMm: null, weightCarats: null, weightRatti: null };
const variant = (id: string, name: string, extra: Partial<VariantReply> = {}): VariantReply => ({
  _id: id,
  name,
  sku: `NP5-${name.replace(/\D/g, '')}`,
  price: 1000,
  mrp: null,
  countInStock: 5,
  image: '/images/bead.jpg',
  images: [],
  facts,
  package: { weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null },
  isDefault: false,
  ...extra,
});
const silver: AddOnReply = {
  _id: SILVER,
  name: 'Silver capping',
  price: 450,
  fields: [],
  required: false,
  variants: null,
  service: false,
  madeToOrder: true,
  hsnCode: null,
  gstPercent: null,
};
const product = {
  _id: 'p1',
  image: '/images/bead.jpg',
  variants: [
    variant(V18, '18 mm', { isDefault: true, facts: { sizeMm: 18, weightCarats: null, weightRatti: null } }),
    variant(V20, '20 mm', { price: 1500, mrp: 1999, image: '/uploads/v20.webp', images: ['/uploads/v20-b.webp'] }),
  ],
  addOns: [silver],
} as unknown as Product;

const apply = (state: OptionsState, ...actions: OptionsAction[]) => actions.reduce(optionsReducer, state);
const names = (state: OptionsState) => state.variants.map((v) => v.name);

describe('the variant and add-on rows', () => {
  it('load from the product: a picture that is the product’s own is none, and exactly one default', () => {
    const state = optionsStateOf(product);
    expect(state.variants.map((v) => [v.key, v.image, v.isDefault])).toEqual([
      [V18, '', true],
      [V20, '/uploads/v20.webp', false],
    ]);
    const noDefault = { ...product, variants: [variant('a', 'A'), variant('b', 'B')] } as unknown as Product;
    expect(optionsStateOf(noDefault).variants.map((v) => v.isDefault)).toEqual([true, false]);
    expect(optionsStateOf({ ...product, variants: [], addOns: [] })).toEqual({
      variants: [],
      addOns: [],
      errors: {},
    });
  });

  it('add a row without an _id at the end; the first added is the default and takes the product’s figures', () => {
    const empty: OptionsState = { variants: [], addOns: [], errors: {} };
    const state = apply(
      empty,
      { type: 'addVariant', key: 'n1', start: { price: '1200', countInStock: '7' } },
      { type: 'addVariant', key: 'n2' },
      { type: 'addAddOn', key: 'n3' },
    );
    expect(state.variants.map((v) => [v.key, v._id, v.price, v.countInStock, v.isDefault])).toEqual([
      ['n1', undefined, '1200', '7', true],
      ['n2', undefined, '', '', false],
    ]);
    expect(state.addOns).toHaveLength(1);
    expect(state.addOns[0]!._id).toBeUndefined();
  });

  it('move rows up and down (not past either end), and remove them', () => {
    let state = apply(optionsStateOf(product), { type: 'addVariant', key: 'n1' });
    state = apply(state, { type: 'editVariant', key: 'n1', patch: { name: '22 mm' } });
    expect(names(apply(state, { type: 'move', list: 'variants', key: 'n1', by: -1 }))).toEqual([
      '18 mm',
      '22 mm',
      '20 mm',
    ]);
    expect(names(apply(state, { type: 'move', list: 'variants', key: V18, by: -1 }))).toEqual([
      '18 mm',
      '20 mm',
      '22 mm',
    ]);
    expect(names(apply(state, { type: 'move', list: 'variants', key: 'n1', by: 1 }))).toEqual([
      '18 mm',
      '20 mm',
      '22 mm',
    ]);
    expect(names(apply(state, { type: 'remove', list: 'variants', key: V20 }))).toEqual(['18 mm', '22 mm']);
  });

  it('removing the default makes the first left the default, and takes the variant out of add-on limits', () => {
    let state = apply(optionsStateOf(product), { type: 'limitAddOn', key: SILVER, variant: V18, on: true });
    state = apply(state, { type: 'limitAddOn', key: SILVER, variant: V20, on: true });
    state = apply(state, { type: 'remove', list: 'variants', key: V18 });
    expect(state.variants.map((v) => [v.name, v.isDefault])).toEqual([['20 mm', true]]);
    expect(state.addOns[0]!.variants).toEqual([V20]);
  });

  it('keep at most four text fields on an add-on', () => {
    const adds = [1, 2, 3, 4, 5].map((n): OptionsAction => ({ type: 'addField', addOn: SILVER, key: `f${n}` }));
    const state = apply(optionsStateOf(product), ...adds);
    expect(state.addOns[0]!.fields.map((f) => f.key)).toEqual(['f1', 'f2', 'f3', 'f4']);
  });

  it('editing an input clears its error and the row’s, not the others’', () => {
    const state = apply(optionsStateOf(product), {
      type: 'showErrors',
      errors: {
        [`${V18}.price`]: 'Price must be more than 0',
        [V18]: 'Row',
        [`${V20}.price`]: 'Price must be more than 0',
      },
    });
    const edited = apply(state, { type: 'editVariant', key: V18, patch: { price: '900' } });
    expect(edited.errors).toEqual({ [`${V20}.price`]: 'Price must be more than 0' });
  });
});

describe('the PUT body', () => {
  it('sends a Hindi name given, an emptied one as empty (to clear it), and none for rows that never had one (issue 30)', () => {
    const named = { ...product, variants: [variant(V18, '18 mm', { nameHi: '18 मिमी' }), variant(V20, '20 mm')] };
    const state = apply(
      optionsStateOf(named),
      { type: 'editVariant', key: V18, patch: { nameHi: '  ' } },
      { type: 'editAddOn', key: SILVER, patch: { nameHi: ' चाँदी की कैपिंग ' } },
    );
    const body = optionsBody(state);
    expect(body.variants.map((v) => v.nameHi)).toEqual(['', undefined]);
    expect(body.variants[1]).not.toHaveProperty('nameHi');
    expect(body.addOns[0]!.nameHi).toBe('चाँदी की कैपिंग');
  });

  it('sends a text field’s Hindi label as a Hindi name is sent: given, emptied (to clear it), or never had (issue 30)', () => {
    const labelled: AddOnReply = {
      ...silver,
      fields: [
        { name: 'Name', nameHi: 'नाम', maxLength: 40, required: true },
        { name: 'Gotra', nameHi: 'गोत्र', maxLength: 40, required: false },
        { name: 'Place', maxLength: 40, required: false },
      ],
    };
    const loaded = optionsStateOf({ ...product, addOns: [labelled] });
    expect(loaded.addOns[0]!.fields.map((f) => [f.nameHi, f.nameHiWas])).toEqual([
      ['नाम', 'नाम'],
      ['गोत्र', 'गोत्र'],
      ['', ''],
    ]);
    const [name, gotra] = loaded.addOns[0]!.fields;
    const state = apply(
      loaded,
      { type: 'editField', addOn: SILVER, key: name!.key, patch: { nameHi: ' धारक का नाम ' } },
      { type: 'editField', addOn: SILVER, key: gotra!.key, patch: { nameHi: ' ' } },
    );
    expect(optionsBody(state).addOns[0]!.fields).toEqual([
      { name: 'Name', nameHi: 'धारक का नाम', maxLength: 40, required: true },
      { name: 'Gotra', nameHi: '', maxLength: 40, required: false },
      { name: 'Place', maxLength: 40, required: false },
    ]);
  });

  it('sends each list whole, in order, with ids for saved rows only, numbers for figures, empty facts left out', () => {
    let state = apply(
      optionsStateOf(product),
      { type: 'addVariant', key: 'n1' },
      { type: 'editVariant', key: 'n1', patch: { name: ' 22 mm ', sku: 'NP5-22', price: '2100', countInStock: '0' } },
      { type: 'move', list: 'variants', key: 'n1', by: -1 },
      { type: 'makeDefault', key: V20 },
      { type: 'addAddOn', key: 'n2' },
      { type: 'editAddOn', key: 'n2', patch: { name: 'Energisation', price: '251', service: true, hsnCode: '999795' } },
      { type: 'editAddOn', key: 'n2', patch: { gstPercent: '18', required: true } },
      { type: 'addField', addOn: 'n2', key: 'f1' },
      { type: 'editField', addOn: 'n2', key: 'f1', patch: { name: 'Gotra', maxLength: '40', required: true } },
      { type: 'limitAddOn', key: SILVER, variant: V20, on: true },
    );
    // A non-service keeps no SAC code or rate of its own, whatever was typed before it was switched off.
    state = apply(state, { type: 'editAddOn', key: SILVER, patch: { hsnCode: '7113' } });
    expect(optionsBody(state)).toEqual({
      variants: [
        {
          _id: V18,
          name: '18 mm',
          sku: 'NP5-18',
          price: 1000,
          mrp: null,
          countInStock: 5,
          images: [],
          facts: { sizeMm: 18 },
          isDefault: false,
        },
        { name: '22 mm', sku: 'NP5-22', price: 2100, mrp: null, countInStock: 0, facts: {}, isDefault: false },
        {
          _id: V20,
          name: '20 mm',
          sku: 'NP5-20',
          price: 1500,
          mrp: 1999,
          countInStock: 5,
          image: '/uploads/v20.webp',
          images: ['/uploads/v20-b.webp'],
          facts: {},
          isDefault: true,
        },
      ],
      addOns: [
        {
          _id: SILVER,
          name: 'Silver capping',
          price: 450,
          fields: [],
          required: false,
          variants: [V20],
          service: false,
          madeToOrder: true,
          hsnCode: null,
          gstPercent: null,
        },
        {
          name: 'Energisation',
          price: 251,
          fields: [{ name: 'Gotra', maxLength: 40, required: true }],
          required: true,
          variants: null,
          service: true,
          madeToOrder: false,
          hsnCode: '999795',
          gstPercent: 18,
        },
      ],
    });
  });

  it('gives the product the default variant’s price and MRP and the stock of all', () => {
    const body = optionsBody(apply(optionsStateOf(product), { type: 'makeDefault', key: V20 }));
    expect(followedFigures(body.variants)).toEqual({ price: 1500, mrp: 1999, countInStock: 10 });
    expect(followedFigures([])).toBeNull();
  });
});

describe('problems shown at their rows', () => {
  const state = apply(optionsStateOf(product), { type: 'addField', addOn: SILVER, key: 'f1' });

  it('checks the rules before sending: the MRP with GST, SKUs, repeated names and field lengths', () => {
    const bad = apply(
      state,
      { type: 'editVariant', key: V20, patch: { mrp: '1500', sku: 'np5-18' } },
      { type: 'editVariant', key: V18, patch: { price: '', sku: 'NP5 18' } },
      { type: 'editField', addOn: SILVER, key: 'f1', patch: { name: 'Name', maxLength: '500' } },
    );
    const issues = checkOptions(optionsBody(bad), 3);
    expect(errorsAt(issues, bad)).toEqual({
      [`${V18}.price`]: 'Price must be a number',
      [`${V18}.sku`]: 'SKU must be 1 to 40 letters, digits, dots, dashes or underscores',
      [`${V20}.mrp`]: 'MRP must not be below the price with GST (the MRP includes every tax)',
      'f1.maxLength': 'Max length must be at most 200',
    });
    // 1500 with 3% GST is 1545: an MRP of 1545 is allowed.
    const fixed = apply(bad, { type: 'editVariant', key: V20, patch: { mrp: '1545' } });
    expect(errorsAt(checkOptions(optionsBody(fixed), 3), fixed)).not.toHaveProperty(`${V20}.mrp`);
    const twice = apply(state, { type: 'editVariant', key: V20, patch: { sku: 'np5-18' } });
    expect(errorsAt(checkOptions(optionsBody(twice), 3), twice)).toEqual({
      [`${V20}.sku`]: 'SKU is used by another variant',
      'f1.name': 'Name is required',
    });
    const sameField = apply(
      state,
      { type: 'editField', addOn: SILVER, key: 'f1', patch: { name: 'Gotra' } },
      { type: 'addField', addOn: SILVER, key: 'f2' },
      { type: 'editField', addOn: SILVER, key: 'f2', patch: { name: 'gotra' } },
    );
    expect(errorsAt(checkOptions(optionsBody(sameField), 3), sameField)).toEqual({
      'f2.name': 'Name is used by another field',
    });
    expect(checkOptions(optionsBody(state), 3)).toEqual([
      { path: 'addOns.0.fields.0.name', message: 'name is required' },
    ]);
  });

  it('finds the row and input a path names, whatever order the rows are in now', () => {
    expect(errorKeyOf('variants.1.price', state)).toBe(`${V20}.price`);
    expect(errorKeyOf('variants.0.facts.sizeMm', state)).toBe(`${V18}.sizeMm`);
    expect(errorKeyOf('variants.1', state)).toBe(V20);
    expect(errorKeyOf('addOns.0.fields.0.maxLength', state)).toBe('f1.maxLength');
    expect(errorKeyOf('addOns.0.variants.0', state)).toBe(`${SILVER}.variants`);
    expect(errorKeyOf('variants', state)).toBe('variants');
    expect(errorKeyOf('variants.7.price', state)).toBeNull();
    expect(errorKeyOf('price', state)).toBeNull();
  });

  it("maps the server's refusals to the rows sent by the place their message names", () => {
    const refusal = new ApiError('variants.1.price: price must be more than 0', 400, null, 'VALIDATION_FAILED');
    expect(errorsAt(serverIssues(refusal), state)).toEqual({ [`${V20}.price`]: 'Price must be more than 0' });
    const taken = new ApiError("variants.1.sku: another product's variant has the SKU NP5-20", 409, null, 'SKU_TAKEN');
    expect(errorsAt(serverIssues(taken), state)).toEqual({
      [`${V20}.sku`]: "Another product's variant has the SKU NP5-20",
    });
    const field = new ApiError('addOns.0.fields.0.maxLength: maxLength must be at most 200', 400);
    expect(errorsAt(serverIssues(field), state)).toEqual({ 'f1.maxLength': 'Max length must be at most 200' });
    expect(
      errorsAt(serverIssues(new ApiError('variants: A product can have at most 30 variants', 400)), state),
    ).toEqual({ variants: 'A product can have at most 30 variants' });
    expect(errorsAt(serverIssues(new ApiError('variants must be a list', 400)), state)).toEqual({
      variants: 'Variants must be a list',
    });
    // A path past the rows sent is not theirs: the form shows the message as it came.
    expect(errorsAt(serverIssues(new ApiError('variants.5.sku: taken', 409)), state)).toBeNull();
    expect(serverIssues(new ApiError('Product not found', 404))).toEqual([]);
  });
});
