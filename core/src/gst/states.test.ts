import { describe, expect, it } from 'vitest';
import { GST_STATES, gstStateByCode, gstStateByName } from './states.ts';

describe('GST states', () => {
  it('lists 36 states and union territories and Other Territory, each code once', () => {
    expect(GST_STATES).toHaveLength(37);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(37);
    expect(new Set(GST_STATES.map((s) => s.name)).size).toBe(37);
    expect(GST_STATES.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(GST_STATES.every((s) => /^\d{2}$/.test(s.code))).toBe(true);
  });

  it.each([
    ['01', 'Jammu and Kashmir'],
    ['07', 'Delhi'],
    ['09', 'Uttar Pradesh'],
    ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['27', 'Maharashtra'],
    ['29', 'Karnataka'],
    ['33', 'Tamil Nadu'],
    ['36', 'Telangana'],
    ['37', 'Andhra Pradesh'],
    ['38', 'Ladakh'],
    ['97', 'Other Territory'],
  ])('code %s is %s', (code, name) => {
    expect(gstStateByCode(code)?.name).toBe(name);
    expect(gstStateByName(name)?.code).toBe(code);
  });

  it('knows no retired or made-up code', () => {
    for (const code of ['25', '28', '00', '39', '99', '7', '070', '']) expect(gstStateByCode(code)).toBeNull();
  });

  it.each([
    ['maharashtra', '27'],
    ['  MAHARASHTRA ', '27'],
    ['Tamilnadu', '33'],
    ['Tamil  Nadu', '33'],
    ['Jammu & Kashmir', '01'],
    ['Jammu&Kashmir', '01'],
    ['J&K', '01'],
    ['Andaman & Nicobar Islands', '35'],
    ['Dadra & Nagar Haveli & Daman & Diu', '26'],
    ['The Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['Daman and Diu', '26'],
    ['Dadra and Nagar Haveli', '26'],
    ['Orissa', '21'],
    ['Pondicherry', '34'],
    ['Uttaranchal', '05'],
    ['New Delhi', '07'],
    ['NCT of Delhi', '07'],
    ['West-Bengal', '19'],
    ['Chhattisgarh.', '22'],
  ])('reads %j as state code %s', (name, code) => {
    expect(gstStateByName(name)?.code).toBe(code);
  });

  it.each(['', '   ', 'Bombay Presidency', 'Pradesh', 'Narnia', '27'])('reads %j as no state', (name) => {
    expect(gstStateByName(name)).toBeNull();
  });
});
