import { Readable } from 'node:stream';
import { FORBIDDEN_TEXT, errorCodes } from '@rr/core';
import { CsvError, parse } from 'csv-parse/sync';
import type { FastifyReply } from 'fastify';
import { DomainError } from './domain-error.ts';

/**
 * What a spreadsheet runs as a formula when a cell starts with it (OWASP's list: =, +, -, @, tab,
 * carriage return), and the apostrophe that marks a cell as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const TEXT_MARK = "'";

/**
 * The one rule for a cell, in both directions (written by `csvField`, read by `readCell`): text that
 * starts like a formula, or with the apostrophe itself, is written with an apostrophe first; a cell read
 * back loses one leading apostrophe, and one that starts like a formula without it is refused, as is
 * text the API refuses anywhere (core `FORBIDDEN_TEXT`). So whatever the shop holds reads back as
 * itself, and nothing a spreadsheet would run gets in.
 */
function neutralise(text: string): string {
  return FORMULA_START.test(text) || text.startsWith(TEXT_MARK) ? `${TEXT_MARK}${text}` : text;
}

export type CellReading = { text: string; problem?: undefined } | { text?: undefined; problem: string };

/** A cell as the import reads it (trimmed, as every field of the API is): its text, or why it is refused. */
export function readCell(cell: string): CellReading {
  const trimmed = cell.trim();
  if (FORBIDDEN_TEXT.test(trimmed)) {
    return { problem: 'contains a control character, which the shop does not accept anywhere' };
  }
  if (trimmed.startsWith(TEXT_MARK)) return { text: trimmed.slice(TEXT_MARK.length) };
  if (FORMULA_START.test(trimmed)) {
    return {
      problem:
        'starts with =, +, - or @, which a spreadsheet runs as a formula; put an apostrophe first to mean the text',
    };
  }
  return { text: trimmed };
}

/**
 * A CSV field: quoted when it holds a comma, quote or line break, after `neutralise`. Amounts are
 * written by us as plain numbers and never need it.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return value.toFixed(2);
  const safe = neutralise(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record with its line end. */
export function csvLine(fields: ReadonlyArray<string | number>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * Sends CSV lines as they are made (an async generator reading the database in batches), so a large
 * file never sits in memory whole; the download is private and never cached.
 */
export function sendCsv(reply: FastifyReply, filename: string, lines: AsyncIterable<string>): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(lines));
}

const unreadable = (message: string) => new DomainError('invalid_data', errorCodes.csvUnreadable, message);

/**
 * The text of an uploaded CSV file: UTF-8 (with or without the byte-order mark Excel writes). Files in
 * another encoding are refused rather than guessed at, since a wrong guess would silently change names.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw unreadable('The file is saved as UTF-16. Save it as "CSV UTF-8" and upload it again.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable(
      'The file is not UTF-8 text (perhaps an Excel workbook, or CSV in another encoding). Save it as "CSV UTF-8" and upload it again.',
    );
  }
  if (text.includes('\u0000')) throw unreadable('The file is not text: upload a CSV file.');
  return text;
}

/**
 * Reads CSV (RFC 4180: commas, double quotes doubled inside quoted cells, CRLF, LF or CR line ends, which
 * a file may mix) into records of cells, by csv-parse. Blank lines are skipped; a quote inside an
 * unquoted cell is text, as spreadsheets write it. A quoted cell left open is refused.
 */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, {
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw unreadable(
        'A quoted cell is never closed: the file ends inside it. Check the quotes (") of the last rows.',
      );
    }
    if (error instanceof CsvError) throw unreadable(`The file is not CSV we can read: ${error.message}`);
    throw error;
  }
}
