import type { AddOnReply, CategoryGst, Product, VariantReply } from '@rr/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../../testing/render.tsx';
import { ProductEditPage } from '../product-edit-page.tsx';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const V18 = uuid(18);
const V20 = uuid(20);
const SILVER = uuid(1);

const categories: CategoryGst[] = [
  { slug: 'rudraksha', name: 'Rudraksha', hsnCode: '1404', gstPercent: 3, uqc: 'NOS' },
  { slug: 'gems', name: 'Gems', hsnCode: '7103', gstPercent: 3, uqc: 'NOS' },
];
const noFacts = { sizeMm: null, weightCarats: null, weightRatti: null };
const noPackage = { weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null };
const variant = (id: string, name: string, extra: Partial<VariantReply> = {}): VariantReply => ({
  _id: id,
  name,
  sku: `NP5-${name.replace(/\D/g, '')}`,
  price: 1000,
  mrp: null,
  countInStock: 4,
  image: '/images/bead.jpg',
  images: [],
  facts: noFacts,
  package: noPackage,
  isDefault: false,
  ...extra,
});
const capping: AddOnReply = {
  _id: SILVER,
  name: 'Silver capping',
  price: 450,
  fields: [],
  required: false,
  variants: null,
  service: false,
  madeToOrder: false,
  hsnCode: null,
  gstPercent: null,
};

function productWith(variants: VariantReply[], addOns: AddOnReply[] = []): Product {
  return {
    _id: 'p1',
    name: 'Nepal 5 Mukhi',
    image: '/images/bead.jpg',
    description: 'A bead.',
    brand: 'Ratna',
    category: 'rudraksha',
    price: variants.find((v) => v.isDefault)?.price ?? 900,
    mrp: null,
    countInStock: variants.length > 0 ? variants.reduce((n, v) => n + v.countInStock, 0) : 3,
    isDraft: false,
    rating: 0,
    numReviews: 0,
    gstPercent: 3,
    priceFrom: null,
    sale: null,
    reviews: [],
    mukhi: 5,
    origin: 'Nepal',
    sizeMm: null,
    weightCarats: null,
    weightRatti: null,
    beadCount: null,
    planet: null,
    certificateLab: null,
    certificateNumber: null,
    certificateFile: null,
    images: [],
    package: noPackage,
    hsnCode: '1404',
    uqc: 'NOS',
    taxOverrides: { hsnCode: null, gstPercent: null, uqc: null },
    variants,
    addOns,
  };
}

const twoSizes = () =>
  productWith(
    [variant(V18, '18 mm', { isDefault: true }), variant(V20, '20 mm', { price: 1500, countInStock: 2 })],
    [capping],
  );

const fetchMock = vi.fn<typeof fetch>();
let saveReply: () => Response;

function serve(product: Product) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/categories') return jsonReply(categories);
    if (url.endsWith('/stock-history')) return jsonReply({ entries: [] });
    if (url === '/api/products/p1' && init?.method === 'PUT') return saveReply();
    if (url === '/api/products/p1') return jsonReply(product);
    return jsonReply({ message: 'Not found' }, 404);
  });
}

/** The body of the last PUT. */
function sent(): Record<string, unknown> {
  const put = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').at(-1);
  return JSON.parse(String(put?.[1]?.body)) as Record<string, unknown>;
}
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').length;

async function openEditor(product: Product) {
  serve(product);
  renderInApp(
    <Routes>
      <Route path="/admin/product/:id/edit" element={<ProductEditPage />} />
      <Route path="/admin/productlist" element={<p>The list</p>} />
    </Routes>,
    '/admin/product/p1/edit',
  );
  await screen.findByRole('heading', { name: 'Variants' });
  // The MRP checks wait for the category's GST rate.
  await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/categories', expect.anything()));
}

const card = (name: string) => within(screen.getByRole('group', { name }));
const update = () => screen.getByRole('button', { name: 'Update' });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  saveReply = () => jsonReply(twoSizes());
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the product edit page’s variants and add-ons', () => {
  it("shows the product's price, MRP and stock as the variants set them, read-only, following edits", async () => {
    const user = userEvent.setup();
    await openEditor(twoSizes());
    const price = screen.getAllByLabelText<HTMLInputElement>('Price')[0]!;
    expect(price.readOnly).toBe(true);
    expect(price.value).toBe('1000');
    expect(screen.getByLabelText<HTMLInputElement>('Count In Stock').value).toBe('6');
    expect(screen.getByText("The default variant's price: set it under Variants.")).toBeTruthy();

    await user.click(card('Variant 2').getByRole('radio', { name: 'Default variant' }));
    expect(price.value).toBe('1500');
    await user.clear(card('Variant 1').getByLabelText('Stock'));
    await user.type(card('Variant 1').getByLabelText('Stock'), '10');
    expect(screen.getByLabelText<HTMLInputElement>('Count In Stock').value).toBe('12');
  });

  it('adds, moves and removes rows and sends the lists in their new order, new rows without an id', async () => {
    const user = userEvent.setup();
    await openEditor(twoSizes());
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    const third = card('Variant 3');
    // Keyboard users land in the new row.
    await waitFor(() => expect(document.activeElement).toBe(third.getByLabelText('Name')));
    await user.type(third.getByLabelText('Name'), '22 mm');
    await user.type(third.getByLabelText('SKU'), 'NP5-22');
    await user.type(third.getByLabelText('Price'), '2100');
    await user.type(third.getByLabelText('Stock'), '1');
    await user.type(third.getByLabelText('Size (mm)'), '22');
    await user.click(screen.getByRole('button', { name: 'Move variant 3 up' }));
    expect(card('Variant 2').getByLabelText<HTMLInputElement>('Name').value).toBe('22 mm');
    await user.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    // The default went with it: the first left is the default now.
    expect(card('Variant 1').getByRole<HTMLInputElement>('radio', { name: 'Default variant' }).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add add-on' }));
    const energisation = card('Add-on 2');
    await user.type(energisation.getByLabelText('Name'), 'Energisation (puja)');
    await user.type(energisation.getByLabelText('Price'), '251');
    await user.click(energisation.getByLabelText('A service'));
    await user.type(energisation.getByLabelText('SAC code'), '999795');
    await user.click(screen.getByRole('button', { name: 'Add a text field to add-on 2' }));
    await user.type(card('Field 1').getByLabelText('Name'), "Wearer's name");
    await user.click(card('Field 1').getByLabelText('Required'));
    await user.click(screen.getByRole('button', { name: 'Move add-on 2 up' }));

    await user.click(update());
    await screen.findByText('The list');
    const body = sent();
    expect(body).toMatchObject({ price: 2100, countInStock: 3, stockWas: 6 });
    expect(body.variants).toEqual([
      { name: '22 mm', sku: 'NP5-22', price: 2100, mrp: null, countInStock: 1, facts: { sizeMm: 22 }, isDefault: true },
      expect.objectContaining({ _id: V20, price: 1500, isDefault: false }),
    ]);
    expect(body.addOns).toEqual([
      {
        name: 'Energisation (puja)',
        price: 251,
        fields: [{ name: "Wearer's name", maxLength: 60, required: true }],
        required: false,
        variants: null,
        service: true,
        madeToOrder: false,
        hsnCode: '999795',
        gstPercent: null,
      },
      expect.objectContaining({ _id: SILVER, name: 'Silver capping' }),
    ]);
  });

  it('limits an add-on to saved variants by their names', async () => {
    const user = userEvent.setup();
    await openEditor(twoSizes());
    const limits = within(card('Add-on 1').getByRole('group', { name: 'Only with these variants' }));
    expect(limits.getAllByRole('checkbox').map((box) => box.closest('div')?.textContent)).toEqual(['18 mm', '20 mm']);
    await user.click(limits.getByLabelText('20 mm'));
    await user.click(update());
    await screen.findByText('The list');
    expect(sent().addOns).toEqual([expect.objectContaining({ _id: SILVER, variants: [V20] })]);
  });

  it('leaves the lists out of a save that did not change them', async () => {
    const user = userEvent.setup();
    await openEditor(twoSizes());
    await user.type(screen.getByLabelText('Brand'), ' Works');
    await user.click(update());
    await screen.findByText('The list');
    expect(sent()).not.toHaveProperty('variants');
    expect(sent()).not.toHaveProperty('addOns');
    expect(sent()).toMatchObject({ brand: 'Ratna Works', price: 1000, countInStock: 6 });
  });

  it("checks the rows before sending and shows each problem at its input, with the product's own", async () => {
    const user = userEvent.setup();
    await openEditor(twoSizes());
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await user.type(card('Variant 3').getByLabelText('Name'), '20 mm');
    await user.clear(card('Variant 2').getByLabelText('MRP'));
    await user.type(card('Variant 2').getByLabelText('MRP'), '1200');
    await user.clear(screen.getByLabelText('Description'));
    await user.clear(screen.getAllByLabelText('Name')[0]!);
    await user.click(update());

    expect(puts()).toBe(0);
    const sku = card('Variant 3').getByLabelText('SKU');
    expect(sku.getAttribute('aria-invalid')).toBe('true');
    expect(card('Variant 3').getByText('SKU is required')).toBeTruthy();
    expect(card('Variant 3').getByText('Name is used by another variant')).toBeTruthy();
    expect(card('Variant 2').getByText(/^MRP must not be below the price with GST/)).toBeTruthy();
    expect(screen.getByText('Please correct the fields marked above.')).toBeTruthy();
    // The product's own name is checked at the same time.
    expect(screen.getAllByText('Name is required')).toHaveLength(1);

    // Fixing an input clears its error.
    await user.type(sku, 'NP5-20B');
    expect(card('Variant 3').queryByText('SKU is required')).toBeNull();
  });

  it("shows the server's refusal at the row and input it names, and stays on the page", async () => {
    const user = userEvent.setup();
    await openEditor(twoSizes());
    saveReply = () =>
      jsonReply({ message: 'variants.1.price: price must be more than 0', code: 'VALIDATION_FAILED' }, 400);
    await user.clear(card('Variant 2').getByLabelText('Price'));
    await user.type(card('Variant 2').getByLabelText('Price'), '1600');
    await user.click(update());

    const price = card('Variant 2').getByLabelText('Price');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(card('Variant 2').getByText('Price must be more than 0')).toBeTruthy();
    expect(card('Variant 1').getByLabelText('Price').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Please correct the fields marked above.')).toBeTruthy();
    expect(screen.queryByText('The list')).toBeNull();

    // A refusal about no row is the form's message.
    saveReply = () => jsonReply({ message: 'The product changed meanwhile', code: 'CONFLICT' }, 409);
    await user.type(price, '1');
    await user.click(update());
    expect(await screen.findByText('The product changed meanwhile')).toBeTruthy();
  });

  it('turns a product without variants into one with them, the first taking its price and stock', async () => {
    const user = userEvent.setup();
    await openEditor(productWith([]));
    expect(screen.getByLabelText<HTMLInputElement>('Price').readOnly).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    expect(card('Variant 1').getByLabelText<HTMLInputElement>('Price').value).toBe('900');
    expect(card('Variant 1').getByLabelText<HTMLInputElement>('Stock').value).toBe('3');
    expect(card('Variant 1').getByRole<HTMLInputElement>('radio', { name: 'Default variant' }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    expect(screen.getByLabelText<HTMLInputElement>('Price').readOnly).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add variant' })));
  });

  it('saves the Hindi names typed into a variant and an add-on (issue 30)', async () => {
    const user = userEvent.setup();
    await openEditor(twoSizes());
    await user.type(card('Variant 1').getByLabelText(/Hindi name/), '18 मिमी');
    await user.type(card('Add-on 1').getByLabelText(/Hindi name/), 'चाँदी की कैपिंग');
    await user.click(update());
    await waitFor(() => expect(puts()).toBe(1));
    const body = sent() as { variants: { nameHi?: string }[]; addOns: { nameHi?: string }[] };
    expect(body.variants[0]!.nameHi).toBe('18 मिमी');
    expect(body.addOns[0]!.nameHi).toBe('चाँदी की कैपिंग');
  });

  it('saves the Hindi label typed into an add-on’s text field (issue 30)', async () => {
    const user = userEvent.setup();
    await openEditor(twoSizes());
    await user.click(screen.getByRole('button', { name: 'Add a text field to add-on 1' }));
    await user.type(card('Field 1').getByLabelText('Name'), "Wearer's name");
    await user.type(card('Field 1').getByLabelText(/Hindi label/), 'धारक का नाम');
    await user.click(update());
    await waitFor(() => expect(puts()).toBe(1));
    const body = sent() as { addOns: { fields: unknown[] }[] };
    expect(body.addOns[0]!.fields).toEqual([
      { name: "Wearer's name", nameHi: 'धारक का नाम', maxLength: 60, required: false },
    ]);
  });
});
