import { describe, expect, it } from 'vitest';
import { addOnChoiceLabel, addOnLineLabel, addOnValuesText, inFieldOrder, productWithVariant } from './line-labels.ts';

describe('line labels', () => {
  it('names a product with its variant, and alone without one', () => {
    expect(productWithVariant('Nepal 5 Mukhi Rudraksha', '20 mm')).toBe('Nepal 5 Mukhi Rudraksha — 20 mm');
    expect(productWithVariant('Tulsi mala', null)).toBe('Tulsi mala');
  });

  it('writes the texts filled in, leaving out the empty ones', () => {
    const values = { "Wearer's name": 'राम कुमार', Gotra: ' ', Nakshatra: 'Rohini' };
    expect(addOnValuesText(values)).toBe("Wearer's name: राम कुमार; Nakshatra: Rohini");
    expect(addOnLineLabel('Energisation', 'Rudraksha Mala', values)).toBe(
      "Energisation for Rudraksha Mala — Wearer's name: राम कुमार; Nakshatra: Rohini",
    );
    expect(addOnLineLabel('Silver capping', 'Rudraksha Mala', {})).toBe('Silver capping for Rudraksha Mala');
    expect(addOnChoiceLabel('Silver capping', null)).toBe('Silver capping');
    expect(addOnChoiceLabel('Energisation', { Gotra: 'Kashyap' })).toBe('Energisation (Gotra: Kashyap)');
  });

  it('calls a field by the label given for it (issue 30: its Hindi one), by its name without one', () => {
    const values = { "Wearer's name": 'राम कुमार', Gotra: 'Kashyap' };
    const labels = { "Wearer's name": 'धारक का नाम', Gotra: ' ' };
    expect(addOnValuesText(values, labels)).toBe('धारक का नाम: राम कुमार; Gotra: Kashyap');
    expect(addOnChoiceLabel('अभिमंत्रण', values, labels)).toBe('अभिमंत्रण (धारक का नाम: राम कुमार; Gotra: Kashyap)');
    expect(addOnLineLabel('Energisation', 'Mala', { Gotra: 'Kashyap' }, null, { Gotra: 'Gotra / गोत्र' })).toBe(
      'Energisation for Mala — Gotra / गोत्र: Kashyap',
    );
  });

  it('puts the texts in the order the add-on asks them, then any it no longer asks', () => {
    const stored = { Gotra: 'Kashyap', Old: 'x', "Wearer's name": 'Ram' };
    expect(Object.keys(inFieldOrder(stored, ["Wearer's name", 'Gotra', 'Nakshatra']))).toEqual([
      "Wearer's name",
      'Gotra',
      'Old',
    ]);
  });
});
