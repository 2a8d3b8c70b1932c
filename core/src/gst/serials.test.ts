import { describe, expect, it } from 'vitest';
import { DOCUMENT_SERIAL_MAX_LENGTH, financialYearOf, formatDocumentSerial, parseDocumentSerial } from './serials.ts';

describe('financialYearOf (April to March, Indian time)', () => {
  it.each([
    ['2026-11-23T10:00:00Z', '2026-27'],
    ['2027-03-31T18:29:59Z', '2026-27'], // 31 Mar 23:59:59 IST
    ['2027-03-31T18:30:00Z', '2027-28'], // 1 Apr 00:00 IST
    ['2026-04-01T00:00:00+05:30', '2026-27'],
    ['2026-03-31T23:59:59+05:30', '2025-26'],
    ['2026-01-01T00:00:00Z', '2025-26'],
    ['1999-06-01T00:00:00Z', '1999-00'],
    ['2099-12-31T00:00:00Z', '2099-00'],
  ])('%s is in %s', (at, year) => {
    expect(financialYearOf(at)).toBe(year);
  });

  it('takes a Date as well, and refuses what is not one', () => {
    expect(financialYearOf(new Date('2026-11-23T10:00:00Z'))).toBe('2026-27');
    expect(() => financialYearOf('not a date')).toThrow(RangeError);
  });
});

describe('invoice and credit-note serials', () => {
  it('formats RR/26-27/0000001 for invoices and CN/... for credit notes, at most 16 characters', () => {
    expect(formatDocumentSerial('invoice', '2026-27', 1)).toBe('RR/26-27/0000001');
    expect(formatDocumentSerial('credit-note', '2026-27', 42)).toBe('CN/26-27/0000042');
    const longest = formatDocumentSerial('invoice', '2099-00', 99_99_999);
    expect(longest).toBe('RR/99-00/9999999');
    expect(longest.length).toBeLessThanOrEqual(DOCUMENT_SERIAL_MAX_LENGTH);
    // CGST rule 46: letters, digits, hyphen and slash only.
    expect(longest).toMatch(/^[A-Za-z0-9/-]+$/);
  });

  it('refuses a sequence outside 1 to 99,99,999 and a malformed financial year', () => {
    expect(() => formatDocumentSerial('invoice', '2026-27', 0)).toThrow(RangeError);
    expect(() => formatDocumentSerial('invoice', '2026-27', 1_00_00_000)).toThrow(RangeError);
    expect(() => formatDocumentSerial('invoice', '2026-27', 1.5)).toThrow(RangeError);
    expect(() => formatDocumentSerial('invoice', '2026-28', 1)).toThrow(RangeError);
    expect(() => formatDocumentSerial('invoice', '26-27', 1)).toThrow(RangeError);
  });

  it('parses back what it formats', () => {
    for (const kind of ['invoice', 'credit-note'] as const) {
      for (const sequence of [1, 7, 12_345, 99_999, 99_99_999]) {
        const serial = formatDocumentSerial(kind, '2026-27', sequence);
        expect(parseDocumentSerial(serial)).toEqual({ kind, financialYear: '2026-27', sequence });
      }
    }
  });

  it.each([
    '',
    'RR/26-27/000001',
    'RR/26-27/00000001',
    'RR/2026-27/00001',
    'XX/26-27/0000001',
    'RR/26-28/0000001',
    'RR/26-27/0000000',
    'rr/26-27/0000001',
    ' RR/26-27/0000001',
  ])('parses %j as no serial', (text) => {
    expect(parseDocumentSerial(text)).toBeNull();
  });
});
