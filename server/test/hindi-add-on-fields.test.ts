/**
 * Issue 30: an add-on's fields (the texts it asks the buyer for) get a Hindi label, written with the
 * product like the Hindi names of variants and add-ons; an order line keeps the labels its texts were
 * bought under (order_items.add_on_field_names_hi, migration 0046) for the Hindi order page, the Hindi
 * customer's messages and the invoice. And the refusals of a line's add-ons (ADD_ON_REFUSED) send why
 * and the names they say, in Hindi where the shop wrote them, as `details` beside the English message.
 */
import { product as productSchema, type CartQuote, type Order, type Product } from '@rr/core';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outboxMessages, productAddOns } from '../src/db/schema/index.ts';
import { invoiceOf } from '../src/modules/fulfilment/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const { sku } = make;

/** A guest's quote of these lines, paid on delivery. */
const quote = (orderItems: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    payload: { orderItems, paymentMethod: 'Cash on Delivery' },
  });

const put = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(adminToken), payload });

const ENERGISATION = {
  name: 'Energisation',
  nameHi: 'अभिमंत्रण',
  price: 251,
  fields: [
    { name: 'Name', nameHi: 'धारक का नाम', maxLength: 5, required: true },
    { name: 'Gotra', maxLength: 30 },
  ],
};

/** A bead with Hindi names in two sizes, energisation asking for a name (with a Hindi label) and a gotra. */
async function beadWithEnergisation() {
  const name = `Nepal 5 Mukhi ${Math.random()}`;
  const id = await make.product(t, { name, columns: { nameHi: 'पंचमुखी' } });
  const res = await put(id, {
    variants: [
      { name: '20 mm', nameHi: '20 मिमी', sku: sku('F-20'), price: 600, countInStock: 5, isDefault: true },
      { name: '22 mm', sku: sku('F-22'), price: 900, countInStock: 5 },
    ],
    addOns: [ENERGISATION, { name: 'Silver capping', nameHi: 'चाँदी की कैपिंग', price: 350 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const product = productSchema.parse(res.json());
  const [twenty, twentyTwo] = product.variants;
  const [energisation, capping] = product.addOns;
  return { id, name, product, twenty: twenty!, twentyTwo: twentyTwo!, energisation: energisation!, capping: capping! };
}

const fieldsOf = (product: Product) => product.addOns.map((a) => a.fields);

describe("an add-on's fields in Hindi", () => {
  it('take a Hindi label with the product, answered where there is one', async () => {
    const { product } = await beadWithEnergisation();
    expect(fieldsOf(product)).toEqual([
      [
        { name: 'Name', nameHi: 'धारक का नाम', maxLength: 5, required: true },
        { name: 'Gotra', maxLength: 30, required: false },
      ],
      [],
    ]);
    const read = await t.app.inject({ url: `/api/products/${product._id}` });
    expect(fieldsOf(read.json<Product>())[0]![0]).toEqual({
      name: 'Name',
      nameHi: 'धारक का नाम',
      maxLength: 5,
      required: true,
    });
  });

  it('keep their Hindi label when a save leaves it out, and lose it when it is empty', async () => {
    const { id, energisation } = await beadWithEnergisation();
    const kept = await put(id, {
      addOns: [
        {
          _id: energisation._id,
          ...ENERGISATION,
          fields: [
            { name: 'Name', maxLength: 8, required: true },
            { name: 'Gotra', nameHi: ' गोत्र ', maxLength: 30 },
          ],
        },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(fieldsOf(kept.json<Product>())[0]!.map((f) => [f.name, f.nameHi, f.maxLength])).toEqual([
      ['Name', 'धारक का नाम', 8],
      ['Gotra', 'गोत्र', 30],
    ]);
    const emptied = await put(id, {
      addOns: [
        {
          _id: energisation._id,
          ...ENERGISATION,
          fields: [
            { name: 'Name', nameHi: '', maxLength: 8, required: true },
            { name: 'Gotra', nameHi: null, maxLength: 30 },
          ],
        },
      ],
    });
    expect(fieldsOf(emptied.json<Product>())[0]).toEqual([
      { name: 'Name', maxLength: 8, required: true },
      { name: 'Gotra', maxLength: 30, required: false },
    ]);
    // A new add-on (no _id) has nothing to keep.
    const fresh = await put(id, {
      addOns: [{ ...ENERGISATION, fields: [{ name: 'Name', maxLength: 8 }] }],
    });
    expect(fieldsOf(fresh.json<Product>())).toEqual([[{ name: 'Name', maxLength: 8, required: false }]]);
  });

  it('refuse a Hindi label that is not text or too long, naming it', async () => {
    const { id } = await beadWithEnergisation();
    for (const nameHi of [5, 'न'.repeat(61)]) {
      const res = await put(id, { addOns: [{ ...ENERGISATION, fields: [{ name: 'Name', nameHi, maxLength: 8 }] }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/nameHi/);
    }
  });
});

type Bead = Awaited<ReturnType<typeof beadWithEnergisation>>;

/** A Hindi customer's Cash on Delivery order of the bead (20 mm) energised for Ravi of Kashyap gotra. */
async function energisedOrder(bead: Bead) {
  const buyer = await make.customer(t, { language: 'hi' });
  const res = await make.codOrderOf(t, buyer.token, [
    {
      product: bead.id,
      qty: 1,
      variant: bead.twenty._id,
      addOns: [{ _id: bead.energisation._id, values: { Name: 'Ravi', Gotra: 'Kashyap' } }],
    },
    { product: bead.id, qty: 1, variant: bead.twentyTwo._id, addOns: [{ _id: bead.capping._id }] },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<Order>()._id, buyer, placed: res.json<Order>() };
}

describe("the quote's lines in Hindi", () => {
  it("name the product, its variant and add-ons and label the add-ons' texts in Hindi today, none where none", async () => {
    const bead = await beadWithEnergisation();
    const energised = { _id: bead.energisation._id, values: { Name: 'Ravi', Gotra: 'Kashyap' } };
    const res = await quote([
      { product: bead.id, qty: 1, variant: bead.twenty._id, addOns: [energised, { _id: bead.capping._id }] },
      { product: bead.id, qty: 1, variant: bead.twentyTwo._id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // The quote's lines in its own order: each found by its variant.
    const { lines } = res.json<CartQuote>();
    const first = lines.find((l) => l.variant?._id === bead.twenty._id);
    const second = lines.find((l) => l.variant?._id === bead.twentyTwo._id);
    expect(first).toMatchObject({ name: bead.name, nameHi: 'पंचमुखी' });
    expect(first!.variant).toEqual({ _id: bead.twenty._id, name: '20 mm', nameHi: '20 मिमी' });
    expect(first!.addOns).toEqual([
      {
        _id: bead.energisation._id,
        name: 'Energisation',
        nameHi: 'अभिमंत्रण',
        price: 251,
        values: { Name: 'Ravi', Gotra: 'Kashyap' },
        fieldNamesHi: { Name: 'धारक का नाम' },
      },
      { _id: bead.capping._id, name: 'Silver capping', nameHi: 'चाँदी की कैपिंग', price: 350, values: {} },
    ]);
    expect(second!.variant).toEqual({ _id: bead.twentyTwo._id, name: '22 mm' });
    // Renamed in Hindi later: the next quote says today's names (the cart takes them).
    await t.db.update(productAddOns).set({ nameHi: 'प्राण प्रतिष्ठा' }).where(eq(productAddOns.id, bead.energisation._id));
    const later = await quote([{ product: bead.id, qty: 1, variant: bead.twenty._id, addOns: [energised] }]);
    expect(later.json<CartQuote>().lines[0]!.addOns[0]!.nameHi).toBe('प्राण प्रतिष्ठा');
  });

  it('carry no Hindi names for a product without them', async () => {
    const id = await make.product(t, { name: `Plain bead ${Math.random()}` });
    const res = await quote([{ product: id, qty: 1 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CartQuote>().lines[0]).not.toHaveProperty('nameHi');
  });
});

describe("an order line's add-on texts in Hindi", () => {
  it('keep the Hindi labels their fields had when bought, beside the values, and none where none had one', async () => {
    const bead = await beadWithEnergisation();
    const { id, buyer, placed } = await energisedOrder(bead);
    const addOnsOf = (order: Order) =>
      order.orderItems.flatMap((line) => line.addOns).sort((a, b) => a.name.localeCompare(b.name));
    const expected = [
      {
        _id: bead.energisation._id,
        name: 'Energisation',
        nameHi: 'अभिमंत्रण',
        price: 251,
        values: { Name: 'Ravi', Gotra: 'Kashyap' },
        fieldNamesHi: { Name: 'धारक का नाम' },
      },
      { _id: bead.capping._id, name: 'Silver capping', nameHi: 'चाँदी की कैपिंग', price: 350, values: {} },
    ];
    expect(addOnsOf(placed)).toEqual(expected);
    // Relabelled later: the order keeps what the texts were bought under.
    await t.db
      .update(productAddOns)
      .set({ fields: [{ name: 'Name', nameHi: 'नया', maxLength: 5, required: true }] })
      .where(eq(productAddOns.id, bead.energisation._id));
    const read = await t.app.inject({ url: `/api/orders/${id}`, headers: bearer(buyer.token) });
    expect(addOnsOf(read.json<Order>())).toEqual(expected);
  });

  it("are labelled in Hindi in a Hindi customer's order e-mail, English where there is no Hindi label", async () => {
    const bead = await beadWithEnergisation();
    const { id, buyer } = await energisedOrder(bead);
    const [email] = (
      await t.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.idempotencyKey, `order:${id}:order_placed%`))
    ).filter((m) => m.channel === 'email' && m.recipient === buyer.email);
    expect(email!.text).toContain('अभिमंत्रण (धारक का नाम: Ravi; Gotra: Kashyap)');
    expect(email!.text).not.toContain('Name: Ravi');
  });

  it('are labelled on the invoice in English and then Hindi', async () => {
    const bead = await beadWithEnergisation();
    const { id } = await energisedOrder(bead);
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/ship`,
      headers: bearer(adminToken),
      payload: { courier: 'India Post', trackingNumber: 'EE123456789IN' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    const energisation = (await invoiceOf(t.db, row!)).lines.find((l) => l.description.startsWith('Energisation'));
    expect(energisation!.description.replaceAll(bead.name, 'Nepal 5 Mukhi')).toBe(
      'Energisation for Nepal 5 Mukhi / पंचमुखी के लिए अभिमंत्रण — Name / धारक का नाम: Ravi; Gotra: Kashyap',
    );
  });
});

describe("a refusal of a line's add-ons (ADD_ON_REFUSED)", () => {
  it('sends why, with the names it says in English and Hindi, and keeps its English message', async () => {
    const bead = await beadWithEnergisation();
    const other = await beadWithEnergisation();
    await put(bead.id, {
      addOns: [
        { _id: bead.energisation._id, ...ENERGISATION, required: true },
        {
          _id: bead.capping._id,
          name: 'Silver capping',
          nameHi: 'चाँदी की कैपिंग',
          price: 350,
          variants: [bead.twenty._id],
        },
      ],
    });
    const names = {
      product: bead.name,
      productHi: 'पंचमुखी',
      addOn: 'Energisation',
      addOnHi: 'अभिमंत्रण',
    };
    const named = { _id: bead.energisation._id, values: { Name: 'Ravi' } };
    const line = (variant: string, addOns: object[]) => ({ product: bead.id, qty: 1, variant, addOns });
    const cases: Array<[object, string, Record<string, string | number>]> = [
      [
        line(bead.twenty._id, [{ _id: 'not-an-id' }]),
        'An add-on chosen is not offered with this product.',
        {
          reason: 'unknownAddOn',
        },
      ],
      [line(bead.twenty._id, [named, named]), 'An add-on is chosen twice on one line.', { reason: 'chosenTwice' }],
      [
        line(bead.twenty._id, []),
        `Energisation is required with ${bead.name}.`,
        {
          reason: 'addOnRequired',
          ...names,
        },
      ],
      [
        line(bead.twentyTwo._id, [named, { _id: bead.capping._id }]),
        `An add-on chosen is not offered with ${bead.name} (22 mm).`,
        {
          reason: 'notOfferedWithVariant',
          product: bead.name,
          productHi: 'पंचमुखी',
          variant: '22 mm',
        },
      ],
      [
        line(bead.twenty._id, [named, { _id: other.capping._id }]),
        `An add-on chosen is not offered with ${bead.name} (20 mm).`,
        {
          reason: 'notOfferedWithVariant',
          product: bead.name,
          productHi: 'पंचमुखी',
          variant: '20 mm',
          variantHi: '20 मिमी',
        },
      ],
      [
        line(bead.twenty._id, [{ _id: bead.energisation._id, values: { Name: 'Ravi', Gotre: 'x' } }]),
        'Energisation does not ask for "Gotre".',
        {
          reason: 'unknownField',
          addOn: 'Energisation',
          addOnHi: 'अभिमंत्रण',
          field: 'Gotre',
        },
      ],
      [
        line(bead.twenty._id, [{ _id: bead.energisation._id, values: { Gotra: 'Kashyap' } }]),
        'Name is required for Energisation.',
        {
          reason: 'fieldRequired',
          field: 'Name',
          fieldHi: 'धारक का नाम',
          ...{ addOn: names.addOn, addOnHi: names.addOnHi },
        },
      ],
      [
        line(bead.twenty._id, [{ _id: bead.energisation._id, values: { Name: 'Ravindra' } }]),
        'Name for Energisation must be at most 5 characters.',
        {
          reason: 'fieldTooLong',
          field: 'Name',
          fieldHi: 'धारक का नाम',
          addOn: 'Energisation',
          addOnHi: 'अभिमंत्रण',
          maxLength: 5,
        },
      ],
    ];
    for (const [item, message, details] of cases) {
      const res = await quote([item]);
      expect(res.statusCode, JSON.stringify(item)).toBe(400);
      expect(res.json(), JSON.stringify(item)).toEqual({ code: 'ADD_ON_REFUSED', message, details });
    }
  });

  it('names a product without variants and without Hindi names in English only', async () => {
    const name = `Plain bead ${Math.random()}`;
    const id = await make.product(t, { name });
    const res = await put(id, { addOns: [{ name: 'Gift box', price: 50, required: true }] });
    expect(res.statusCode, res.body).toBe(200);
    const box = res.json<Product>().addOns[0]!;
    const stranger = (await beadWithEnergisation()).capping._id;
    const missing = await quote([{ product: id, qty: 1, addOns: [{ _id: stranger }] }]);
    expect(missing.json().details).toEqual({ reason: 'addOnRequired', addOn: 'Gift box', product: name });
    const notOffered = await quote([{ product: id, qty: 1, addOns: [{ _id: box._id }, { _id: stranger }] }]);
    expect(notOffered.json()).toEqual({
      code: 'ADD_ON_REFUSED',
      message: `An add-on chosen is not offered with ${name}.`,
      details: { reason: 'notOffered', product: name },
    });
  });
});
