import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippingAddressInput } from '../contract/orders.ts';
import { gstinCheckCharacter, gstinProblem, isValidGstin, normalizeGstin } from './gstin.ts';

/** The sample GSTIN of GSTN's own documents, whose check character is published with it. */
const PUBLISHED = '27AAPFU0939F1ZV';
/**
 * Worked by hand: 0 9 A B C D E 1 2 3 4 F 1 Z are 0 9 10 11 12 13 14 1 2 3 4 15 1 35; times 1, 2, 1, 2...
 * they are 0 18 10 22 12 26 14 2 2 6 4 30 1 70, whose base-36 digits add up to 0 + 18 + ... + 1 + (1 + 34)
 * = 182; 182 mod 36 = 2, and 36 - 2 = 34 is Y.
 */
const BY_HAND = '09ABCDE1234F1ZY';

const address = { address: '1 Example Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' };
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('GSTIN', () => {
  it('computes the check character of the published sample and of one worked by hand', () => {
    expect(gstinCheckCharacter(PUBLISHED.slice(0, 14))).toBe('V');
    expect(gstinCheckCharacter(BY_HAND.slice(0, 14))).toBe('Y');
    expect(gstinProblem(PUBLISHED)).toBeNull();
    expect(gstinProblem(BY_HAND)).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeNull();
  });

  it('accepts every state code 01-38, 97 and 99, and entity numbers 1-9 and A-Z', () => {
    const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
    for (const state of [...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')), '97', '99']) {
      expect(gstinProblem(withCheck(`${state}AAPFU0939F1Z`))).toBeNull();
    }
    for (const entity of ['1', '9', 'A', 'Z']) expect(isValidGstin(withCheck(`27AAPFU0939F${entity}Z`))).toBe(true);
    for (const state of ['00', '39', '96', '98']) {
      expect(gstinProblem(withCheck(`${state}AAPFU0939F1Z`))).toMatch(/not a GST state code/);
    }
  });

  it('refuses a wrong check character, a wrong length and a wrong shape, saying which', () => {
    for (const wrong of CHARS.replace('V', '')) {
      expect(gstinProblem(`27AAPFU0939F1Z${wrong}`)).toMatch(/wrong check character/);
    }
    // Two neighbouring characters swapped: the alternating weights catch it.
    expect(isValidGstin('27AAPFU0993F1ZV')).toBe(false);
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('must be 15 characters');
    expect(gstinProblem('27AAPFU0939F1ZVV')).toBe('must be 15 characters');
    expect(gstinProblem('27AAPF10939F1ZV')).toMatch(/must look like/); // PAN: five letters first
    expect(gstinProblem('27AAPFU0939F0ZV')).toMatch(/must look like/); // entity 0
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/must look like/); // the 14th is always Z
    expect(gstinProblem('2AAAPFU0939F1ZV')).toMatch(/must look like/);
    expect(gstinProblem('')).toBe('must be 15 characters');
  });

  it('catches every single mistyped character', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 }), fc.constantFrom(...CHARS), (at, char) => {
        fc.pre(PUBLISHED[at] !== char);
        const typo = PUBLISHED.slice(0, at) + char + PUBLISHED.slice(at + 1);
        expect(isValidGstin(typo)).toBe(false);
      }),
    );
  });

  it('accepts lower case and spaces around it, and keeps it upper-cased', () => {
    expect(normalizeGstin(' 27aapfu0939f1zv ')).toBe(PUBLISHED);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(true);
    const parsed = shippingAddressInput.parse({
      ...address,
      gstin: ' 27aapfu0939f1zv',
      businessName: ' Acme Gems LLP ',
    });
    expect(parsed).toMatchObject({ gstin: PUBLISHED, businessName: 'Acme Gems LLP' });
  });

  it('is optional on the shipping address, and refused naming the field when wrong', () => {
    expect(shippingAddressInput.parse(address)).toEqual(address);
    const wrong = shippingAddressInput.safeParse({ ...address, gstin: '27AAPFU0939F1ZW' });
    expect(wrong.success).toBe(false);
    expect(wrong.error!.issues).toEqual([
      expect.objectContaining({ path: ['gstin'], message: 'gstin has a wrong check character (a typing mistake?)' }),
    ]);
    const blankName = shippingAddressInput.safeParse({ ...address, gstin: PUBLISHED, businessName: '  ' });
    expect(blankName.error!.issues).toEqual([
      expect.objectContaining({ path: ['businessName'], message: 'businessName is required' }),
    ]);
    expect(shippingAddressInput.safeParse({ ...address, gstin: 27 }).error!.issues[0]!.message).toBe(
      'gstin must be text',
    );
  });
});
