// Issue 24: each demo product's own HSN code, GST rate and unit quantity code, by slug, chosen by what
// the product is made of (decision 0037 gives the reasons and the sources). The shop's owner confirms
// rates and codes with their accountant: these are demo figures, not tax advice.
import { gstBasisPointsOf, type Uqc } from '@rr/core';

interface DemoTax {
  hsnCode: string;
  gstPercent: number;
  uqc: Uqc;
}

/** Rudraksha and other seeds, beads and strung: vegetable products n.e.s. (1404 90), 5%. */
const SEEDS: DemoTax = { hsnCode: '140490', gstPercent: 5, uqc: 'NOS' };
/** Rubies, sapphires and emeralds, cut, loose (7103 91 00), 0.25%. */
const RUBY_SAPPHIRE_EMERALD: DemoTax = { hsnCode: '71039100', gstPercent: 0.25, uqc: 'NOS' };
/** Other precious and semi-precious stones, cut, loose (7103 99 90), 0.25%. */
const OTHER_STONE: DemoTax = { hsnCode: '71039990', gstPercent: 0.25, uqc: 'NOS' };
/** Articles of precious or semi-precious stones: strung stone malas (7116 20), 3%. */
const STONE_ARTICLE: DemoTax = { hsnCode: '711620', gstPercent: 3, uqc: 'NOS' };
/** Other articles of wood: wooden bead malas (4421 99), 5% since 22 September 2025. */
const WOOD_ARTICLE: DemoTax = { hsnCode: '442199', gstPercent: 5, uqc: 'NOS' };
/** Jewellery of silver and its parts (7113 11), 3%. */
const SILVER_JEWELLERY: DemoTax = { hsnCode: '711311', gstPercent: 3, uqc: 'NOS' };

const RUDRAKSHA_BEADS = [
  '1-mukhi-rudraksha-collector-grade',
  ...Array.from({ length: 13 }, (_, i) => `nepal-${i + 2}-mukhi-rudraksha`),
  'gauri-shankar-rudraksha-nepal',
  'ganesh-rudraksha-natural-trunk',
  'garbh-gauri-rudraksha-nepal',
  'java-5-mukhi-rudraksha-small',
  'indonesian-3-mukhi-rudraksha',
];

const DEMO_TAX: Record<string, DemoTax> = {
  ...Object.fromEntries(RUDRAKSHA_BEADS.map((slug) => [slug, SEEDS])),
  // Two silver caps sold as a pair with their thread.
  'red-silk-thread-silver-caps': { ...SILVER_JEWELLERY, uqc: 'PRS' },

  'natural-ruby-manik-5-25-ratti': RUBY_SAPPHIRE_EMERALD,
  'zambian-emerald-panna-4-25-ratti': RUBY_SAPPHIRE_EMERALD,
  'ceylon-yellow-sapphire-pukhraj-5-50-ratti': RUBY_SAPPHIRE_EMERALD,
  'blue-sapphire-neelam-4-ratti-unheated': RUBY_SAPPHIRE_EMERALD,
  'white-sapphire-safed-pukhraj-3-80-carat': RUBY_SAPPHIRE_EMERALD,
  // Freshwater pearls are cultured: cultured pearls, worked (7101 22 00), 3%.
  'freshwater-pearl-moti-7-25-ratti': { hsnCode: '71012200', gstPercent: 3, uqc: 'NOS' },
  // Coral is not a stone of 7103 (chapter 71's list): worked coral is 9601 90 (decision 0037: least sure).
  'italian-red-coral-moonga-8-25-ratti': { hsnCode: '960190', gstPercent: 5, uqc: 'NOS' },
  'ceylon-hessonite-gomed-7-25-ratti': OTHER_STONE,
  'chrysoberyl-cats-eye-lehsunia-5-25-ratti': OTHER_STONE,
  'australian-white-opal-4-10-carat': OTHER_STONE,
  'amethyst-katela-6-15-carat': OTHER_STONE,
  'citrine-sunela-5-50-carat': OTHER_STONE,
  'iolite-neeli-4-30-carat': OTHER_STONE,

  'sphatik-jaap-mala-8mm': STONE_ARTICLE,
  'rose-quartz-mala-8mm': STONE_ARTICLE,
  'navratna-gemstone-mala': STONE_ARTICLE,
  // Articles of natural or cultured pearls (7116 10), 3%.
  'freshwater-pearl-moti-mala': { hsnCode: '711610', gstPercent: 3, uqc: 'NOS' },
  'nepal-5-mukhi-rudraksha-jaap-mala': SEEDS,
  'kamal-gatta-lotus-seed-mala': SEEDS,
  'vaijanti-mala': SEEDS,
  // Dried turmeric root, strung: a vegetable product, as the seeds.
  'haldi-turmeric-mala': SEEDS,
  'tulsi-jaap-mala': WOOD_ARTICLE,
  'red-sandalwood-rakt-chandan-mala': WOOD_ARTICLE,
  'karungali-ebony-mala-8mm': WOOD_ARTICLE,
  // Beads capped in silver: an article partly of precious metal, which chapter 71 takes.
  'rudraksha-kantha-silver-caps': SILVER_JEWELLERY,
};

export const demoTaxSlugs = Object.keys(DEMO_TAX);

/** A demo product's own tax columns; every demo product has them (the seed refuses one without). */
export function demoTaxOf(slug: string): { hsnCode: string; gstBasisPoints: number; uqc: Uqc } {
  const tax = DEMO_TAX[slug];
  if (!tax) throw new Error(`No demo HSN code and GST rate for ${slug}`);
  return { hsnCode: tax.hsnCode, gstBasisPoints: gstBasisPointsOf(tax.gstPercent), uqc: tax.uqc };
}
