import type { Paise } from '../money.ts';

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** 1 to 99: "Seven", "Nineteen", "Forty", "Forty-Two". */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${UNITS[n % 10]!}`;
}

/** 1 to 999: "Four Hundred Fifty-Six" (no "and" inside a number: the only "and" joins the paise). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${UNITS[hundreds]!} Hundred`);
  if (rest > 0) words.push(belowHundred(rest));
  return words.join(' ');
}

/** Whole rupees in the Indian system: crore, lakh, thousand, hundred. 0 is "Zero". */
function rupeesInWords(rupees: number): string {
  if (rupees === 0) return 'Zero';
  const groups: [number, string][] = [
    [Math.floor(rupees / 1_00_00_000), 'Crore'],
    [Math.floor(rupees / 1_00_000) % 100, 'Lakh'],
    [Math.floor(rupees / 1000) % 100, 'Thousand'],
  ];
  const words: string[] = [];
  for (const [count, name] of groups) if (count > 0) words.push(`${belowThousand(count)} ${name}`);
  if (rupees % 1000 > 0) words.push(belowThousand(rupees % 1000));
  return words.join(' ');
}

/** The largest amount in words: ₹99,99,99,999.99 (crores stay below a hundred; orders stop at ₹1 crore). */
export const AMOUNT_IN_WORDS_MAX_PAISE: Paise = 99_99_99_999_99;

/**
 * An amount as Indian invoices write it (CGST rule 46 asks for the amount in words), for example
 * 1,23,456.78 -> "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only".
 *
 * Style: "Rupees", then the rupees in the Indian system (crore, lakh, thousand, hundred) with each word
 * capitalised and tens-units hyphenated ("Fifty-Six"), no "and" inside a number; then " and N Paise"
 * (singular "Paisa" for one) only when the paise are not zero; then "Only". Zero rupees are written
 * ("Rupees Zero Only", "Rupees Zero and Fifty Paise Only"), and "Rupees" stays plural for one rupee,
 * as on Indian cheques and invoices.
 */
export function amountInWords(paise: Paise): string {
  if (!Number.isSafeInteger(paise) || paise < 0 || paise > AMOUNT_IN_WORDS_MAX_PAISE) {
    throw new RangeError(`Not an amount to write in words: ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`;
  return `Rupees ${rupeesInWords(rupees)}${paiseWords} Only`;
}
