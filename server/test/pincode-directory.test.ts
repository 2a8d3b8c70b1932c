import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OfflinePincodeDirectory, cityOf } from '../src/adapters/pincode/offline-directory.ts';

// Rows as India Post's directory has them (server/data/pincodes.tsv): pincode, division, district, state.
const sample = new OfflinePincodeDirectory(path.resolve(import.meta.dirname, 'fixtures/pincodes-sample.tsv'));

describe('the offline pincode directory (issue 32: the city is the town, not the postal division)', () => {
  it.each([
    ['560001', 'Bangalore', 'Bangalore GPO'],
    ['400001', 'Mumbai', 'Mumbai South'],
    ['110001', 'New Delhi', 'New Delhi Central'],
    ['110006', 'Delhi', 'Delhi North'],
    ['221001', 'Varanasi', 'Varanasi East'],
    // The district, even where the division is named after a bigger town nearby.
    ['700091', 'North 24 Parganas', 'Kolkata East'],
    // The state code the directory adds to tell namesakes apart goes.
    ['824101', 'Aurangabad', 'Aurangabad(Bihar)'],
    ['174001', 'Bilaspur', 'Hamirpur'],
    // A district named unlike its town.
    ['208002', 'Kanpur', 'Kanpur City'],
    ['781001', 'Guwahati', 'Guwahati'],
  ])('%s: city %s, division %s kept beside it', async (pincode, city, division) => {
    const found = await sample.lookup(pincode);
    expect(found).toMatchObject({ pincode, city, division });
  });

  it('keeps district and state as the directory has them', async () => {
    expect(await sample.lookup('110001')).toEqual({
      pincode: '110001',
      city: 'New Delhi',
      division: 'New Delhi Central',
      district: 'Central Delhi',
      state: 'Delhi',
    });
  });

  it('skips a short row and does not know pincodes it does not list', async () => {
    expect(await sample.lookup('999998')).toBeNull();
    expect(await sample.lookup('110002')).toBeNull();
  });

  it('falls back to "Delhi" for a Delhi division named otherwise', () => {
    expect(cityOf({ division: 'Foreign Post', district: 'South Delhi', state: 'Delhi' })).toBe('Delhi');
  });
});
