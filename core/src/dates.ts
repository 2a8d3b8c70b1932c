/** Dates and times shown to customers are in Indian time (PRODUCT.md), whatever the device's zone. */
const TIME_ZONE = 'Asia/Kolkata';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const isoDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** '21 Nov 2026' */
export function formatDateIST(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** '21 Nov 2026, 4:05 pm' */
export function formatDateTimeIST(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** India keeps no daylight saving: its time is always UTC+5:30. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** '2026-11': the calendar month in India of a moment (the GST register's month). */
export function isoMonthIST(iso: string): string {
  return isoDateIST(iso).slice(0, 7);
}

/** '2026-11-21': the calendar date in India (SPEC's "first 10 characters", in Indian time). */
export function isoDateIST(iso: string): string {
  return isoDateFormat.format(new Date(iso));
}
