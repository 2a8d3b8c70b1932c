/**
 * Dates and times shown to customers are in Indian time (PRODUCT.md), whatever the device's zone.
 * Written out rather than asked of Intl: India keeps no daylight saving, so its time is always UTC+5:30,
 * and making an Intl formatter costs a phone's browser milliseconds of the page's first script (issue
 * 13); written out, the server and every browser also print exactly the same text. The tests hold these
 * to what `Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata' })` prints.
 */

/** India keeps no daylight saving: its time is always UTC+5:30. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The instant an Indian calendar date ('2026-11-23') starts. */
export function istDateStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);
}

/** As CLDR's en-IN and hi-IN abbreviate them (September is 'Sept'; issue 30: Hindi month names). */
const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  hi: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
} as const;
type DateLanguage = keyof typeof MONTHS;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The moment as a date whose UTC fields are the Indian calendar and clock. */
function inIndia(iso: string): Date {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a time: ${iso}`);
  return new Date(time + IST_OFFSET_MS);
}

const dayMonthYear = (d: Date, language: DateLanguage) =>
  `${d.getUTCDate()} ${MONTHS[language][d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** '21 Nov 2026' ('21 नव॰ 2026' in Hindi) */
export function formatDateIST(iso: string, language: DateLanguage = 'en'): string {
  return dayMonthYear(inIndia(iso), language);
}

/**
 * An Indian calendar date ('2026-11-27', as the dashboard's days are) as a chart's axis names it:
 * '27 Nov' ('27 नव॰' in Hindi).
 */
export function formatDayMonth(date: string, language: DateLanguage = 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = Number(match?.[2]) - 1;
  const day = Number(match?.[3]);
  if (!match || month < 0 || month > 11 || day < 1 || day > 31) throw new RangeError(`Not a date: ${date}`);
  return `${day} ${MONTHS[language][month]}`;
}

/** '21 Nov 2026, 4:05 pm' ('21 नव॰ 2026, 4:05 pm' in Hindi) */
export function formatDateTimeIST(iso: string, language: DateLanguage = 'en'): string {
  const d = inIndia(iso);
  const hours = d.getUTCHours();
  return `${dayMonthYear(d, language)}, ${hours % 12 || 12}:${twoDigits(d.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** '2026-11': the calendar month in India of a moment (the GST register's month). */
export function isoMonthIST(iso: string): string {
  return isoDateIST(iso).slice(0, 7);
}

/** '2026-11-21': the calendar date in India (SPEC's "first 10 characters", in Indian time). */
export function isoDateIST(iso: string): string {
  return inIndia(iso).toISOString().slice(0, 10);
}
