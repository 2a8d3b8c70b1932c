import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gstStateByName } from '@rr/core';
import { describe, expect, it } from 'vitest';

describe('GST state codes of the pincode directory', () => {
  it('has a code for every state the directory (and so the shipping form) fills in', () => {
    const tsv = readFileSync(path.resolve(import.meta.dirname, '../data/pincodes.tsv'), 'utf8');
    const states = new Set(
      tsv
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[3])
        .filter((state): state is string => Boolean(state)),
    );
    expect(states.size).toBeGreaterThanOrEqual(36);
    const unknown = [...states].filter((state) => gstStateByName(state) === null);
    expect(unknown).toEqual([]);
    for (const state of states) expect(gstStateByName(state)!.name).toBe(state);
  });
});
