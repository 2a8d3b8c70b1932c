import type { AddOnReply as ProductAddOn, Product as ChoosableProduct, VariantReply as ProductVariant } from '@rr/core';

/** A variant of the fixture's bead: sizes in mm, 20 mm the default. */
export function beadVariant(over: Partial<ProductVariant> & Pick<ProductVariant, '_id' | 'name'>): ProductVariant {
  return {
    sku: `NEP5-${over._id}`,
    price: 1000,
    mrp: null,
    countInStock: 5,
    image: '/images/products/nepal-5.svg',
    images: [],
    facts: { sizeMm: 20, weightCarats: null, weightRatti: null },
    package: { weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null },
    isDefault: false,
    ...over,
  };
}

export function beadAddOn(over: Partial<ProductAddOn> & Pick<ProductAddOn, '_id' | 'name'>): ProductAddOn {
  return {
    price: 100,
    fields: [],
    required: false,
    variants: null,
    service: false,
    madeToOrder: false,
    hsnCode: null,
    gstPercent: null,
    ...over,
  };
}

/**
 * Nepal 5 mukhi in three sizes (18 mm out of stock, 20 mm the default, 22 mm with pictures of its own),
 * silver capping on every size, gold only on 22 mm, and energisation in the wearer's name (made to order).
 */
export function nepalBead(over: Partial<ChoosableProduct> = {}): ChoosableProduct {
  return {
    _id: 'p-nepal',
    name: 'Nepal 5 Mukhi Rudraksha',
    nameHi: '',
    descriptionHi: '',
    image: '/images/products/nepal-5.svg',
    images: ['/images/products/nepal-5-back.svg'],
    description: 'A five-faced bead from Nepal.',
    brand: 'Rudraksha Ratna',
    category: 'rudraksha',
    price: 1000,
    mrp: 1500,
    countInStock: 9,
    isDraft: false,
    rating: 4,
    numReviews: 0,
    gstPercent: 3,
    priceFrom: 800,
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
    package: { weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null },
    hsnCode: '14049090',
    uqc: 'NOS',
    taxOverrides: { hsnCode: null, gstPercent: null, uqc: null },
    variants: [
      beadVariant({
        _id: 'v18',
        name: '18 mm',
        price: 800,
        countInStock: 0,
        facts: { sizeMm: 18, weightCarats: null, weightRatti: null },
      }),
      beadVariant({ _id: 'v20', name: '20 mm', price: 1000, mrp: 1500, countInStock: 4, isDefault: true }),
      beadVariant({
        _id: 'v22',
        name: '22 mm',
        price: 1400,
        mrp: 1600,
        countInStock: 2,
        image: '/images/products/nepal-5-22.svg',
        images: ['/images/products/nepal-5-22-side.svg'],
        facts: { sizeMm: 22, weightCarats: null, weightRatti: null },
      }),
    ],
    addOns: [
      beadAddOn({ _id: 'silver', name: 'Silver capping', price: 350 }),
      beadAddOn({ _id: 'gold', name: 'Gold capping', price: 2500, variants: ['v22'] }),
      beadAddOn({
        _id: 'puja',
        name: 'Energisation',
        price: 251,
        service: true,
        madeToOrder: true,
        fields: [
          { name: 'Name', maxLength: 40, required: true },
          { name: 'Gotra', maxLength: 30, required: false },
        ],
      }),
    ],
    ...over,
  };
}
