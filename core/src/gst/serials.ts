/**
 * Financial years and the serial numbers of tax invoices and credit notes (CGST rules 46 and 53: a
 * consecutive serial unique for the financial year, at most 16 characters of letters, digits, "-" and "/").
 *
 * Format: `RR/26-27/0000001` for invoices and `CN/26-27/0000001` for credit notes: a two-letter series,
 * the financial year in two-digit years, and a seven-digit sequence from 1 to 99,99,999, which is 16
 * characters exactly (a busy shop's year outgrows five digits). Each series starts again at 1 every April.
 */

import { IST_OFFSET_MS } from '../dates.ts';

export type DocumentKind = 'invoice' | 'credit-note';

export const DOCUMENT_SERIES: Readonly<Record<DocumentKind, string>> = { invoice: 'RR', 'credit-note': 'CN' };
export const DOCUMENT_SEQUENCE_MAX = 99_99_999;
export const DOCUMENT_SERIAL_MAX_LENGTH = 16;

/** The financial year (April to March, in Indian time) a moment falls in: "2026-27". */
export function financialYearOf(at: Date | string): string {
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${String(at)}`);
  // India has no daylight saving: Indian time is always UTC+5:30.
  const ist = new Date(time + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

function isFinancialYear(text: string): boolean {
  const match = FINANCIAL_YEAR.exec(text);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** "RR/26-27/0000042": the serial of a document's sequence number within its financial year. */
export function formatDocumentSerial(kind: DocumentKind, financialYear: string, sequence: number): string {
  if (!isFinancialYear(financialYear)) throw new RangeError(`Not a financial year: ${financialYear}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > DOCUMENT_SEQUENCE_MAX) {
    throw new RangeError(`A serial's sequence is 1 to ${DOCUMENT_SEQUENCE_MAX}: ${sequence}`);
  }
  return `${DOCUMENT_SERIES[kind]}/${financialYear.slice(2)}/${String(sequence).padStart(7, '0')}`;
}

export interface DocumentSerial {
  kind: DocumentKind;
  financialYear: string;
  sequence: number;
}

const SERIAL = /^([A-Z]{2})\/(\d{2}-\d{2})\/(\d{7})$/;

/** The parts of a serial that `formatDocumentSerial` wrote; null for any other text. */
export function parseDocumentSerial(serial: string): DocumentSerial | null {
  const match = SERIAL.exec(serial);
  if (!match) return null;
  const kind = (Object.keys(DOCUMENT_SERIES) as DocumentKind[]).find((k) => DOCUMENT_SERIES[k] === match[1]);
  const financialYear = `20${match[2]!}`;
  const sequence = Number(match[3]);
  if (!kind || !isFinancialYear(financialYear) || sequence < 1) return null;
  return { kind, financialYear, sequence };
}
