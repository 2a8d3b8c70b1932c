// Issue 25: the demo catalog's variants (sizes, weights) and priced add-ons, by product slug, as a
// rudraksha and gem shop sells them: a Nepal 5 mukhi bead in three sizes with silver or gold capping, a
// blue sapphire in three weights with a lab certificate, and energisation in the wearer's name on the
// malas, each with its Hindi name (issue 30). The seed writes them through the catalog's own product update, as the admin's save does. A
// product's `price` and `countInStock` in demo-catalog.ts are its default variant's price and the sum of
// its variants' stock (the seed checks), so listings read the same before and after.
import { CARATS_PER_RATTI, type AddOnInput, type VariantInput } from '@rr/core';

export interface DemoOptions {
  variants?: VariantInput[];
  addOns?: AddOnInput[];
}

const carats = (ratti: number) => Math.round(ratti * CARATS_PER_RATTI * 100) / 100;

/** A gem's weight as Indian buyers ask for it (ratti) and as the lab reports it (carats). */
function gemWeight(ratti: number, sku: string, price: number, mrp: number, countInStock: number): VariantInput {
  return {
    name: `${ratti.toFixed(2)} ratti / ${carats(ratti).toFixed(2)} ct`,
    nameHi: `${ratti.toFixed(2)} रत्ती / ${carats(ratti).toFixed(2)} कैरेट`,
    sku,
    price,
    mrp,
    countInStock,
    facts: { weightCarats: carats(ratti) },
  };
}

function beadSize(sizeMm: number, sku: string, price: number, mrp: number, countInStock: number): VariantInput {
  return { name: `${sizeMm} mm`, nameHi: `${sizeMm} मिमी`, sku, price, mrp, countInStock, facts: { sizeMm } };
}

/**
 * Capping is goods of its own (silver or gold jewellery parts, 7113, 3 %), not the bead's seed heading.
 * The shop's owner confirms codes and rates with their accountant: these are demo figures, not tax advice.
 */
const SILVER_CAPPING: AddOnInput = {
  name: 'Silver capping',
  nameHi: 'चाँदी की कैपिंग',
  price: 450,
  hsnCode: '711311',
  gstPercent: 3,
};
const GOLD_CAPPING: AddOnInput = {
  name: 'Gold capping',
  nameHi: 'सोने की कैपिंग',
  price: 3500,
  hsnCode: '711319',
  gstPercent: 3,
};

/**
 * A fresh report from an independent lab in the buyer's name: technical testing and analysis services
 * (SAC 998346), 18 %.
 */
const LAB_CERTIFICATE: AddOnInput = {
  name: 'Lab certificate',
  nameHi: 'लैब प्रमाणपत्र',
  price: 1100,
  service: true,
  hsnCode: '998346',
  gstPercent: 18,
};

/**
 * Energisation (prana pratishtha) by the shop's priest in the wearer's name and gotra before dispatch:
 * SAC 999795, conduct of religious ceremonies, 18 %. A priest's own ceremony is exempt (notification
 * 12/2017-CT(R) entry 13(a)), but a seller who arranges one is not (Maharashtra AAR on booking pandits),
 * so the demo charges 18 %; the owner confirms with their accountant. Made for the wearer, so the mala
 * cannot be returned once chosen (PRODUCT.md).
 */
const ENERGISATION: AddOnInput = {
  name: "Energisation (puja) in the wearer's name",
  nameHi: 'धारक के नाम से अभिमंत्रण (पूजा)',
  price: 501,
  fields: [
    { name: "Wearer's name", nameHi: 'धारक का नाम', maxLength: 60, required: true },
    { name: 'Gotra', nameHi: 'गोत्र', maxLength: 40, required: false },
  ],
  service: true,
  madeToOrder: true,
  hsnCode: '999795',
  gstPercent: 18,
};

const MALAS = [
  'sphatik-jaap-mala-8mm',
  'nepal-5-mukhi-rudraksha-jaap-mala',
  'tulsi-jaap-mala',
  'kamal-gatta-lotus-seed-mala',
  'red-sandalwood-rakt-chandan-mala',
  'rose-quartz-mala-8mm',
  'karungali-ebony-mala-8mm',
  'freshwater-pearl-moti-mala',
  'vaijanti-mala',
  'haldi-turmeric-mala',
  'rudraksha-kantha-silver-caps',
  'navratna-gemstone-mala',
];

const DEMO_OPTIONS: Record<string, DemoOptions> = {
  'nepal-5-mukhi-rudraksha': {
    variants: [
      beadSize(18, 'RR-NP5-18', 249, 399, 8),
      { ...beadSize(20, 'RR-NP5-20', 299, 499, 12), isDefault: true },
      beadSize(22, 'RR-NP5-22', 549, 899, 5),
    ],
    addOns: [SILVER_CAPPING, GOLD_CAPPING],
  },
  'blue-sapphire-neelam-4-ratti-unheated': {
    variants: [
      { ...gemWeight(4, 'RR-NLM-400', 59500, 89000, 1), isDefault: true },
      gemWeight(5.25, 'RR-NLM-525', 84000, 126000, 1),
      gemWeight(6.25, 'RR-NLM-625', 106250, 159000, 1),
    ],
    addOns: [LAB_CERTIFICATE],
  },
  ...Object.fromEntries(MALAS.map((slug) => [slug, { addOns: [ENERGISATION] }])),
};

export const demoOptionSlugs = Object.keys(DEMO_OPTIONS);

/** A demo product's variants and add-ons; none for most. */
export function demoOptionsOf(slug: string): DemoOptions {
  return DEMO_OPTIONS[slug] ?? {};
}
