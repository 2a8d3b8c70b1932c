import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateIST, formatDateTimeIST, formatDayMonth, isoDateIST } from './dates.ts';

describe('dates in Indian time', () => {
  // 20 Nov 2026, 19:00 UTC is already 21 Nov, 00:30 in India.
  const lateEvening = '2026-11-20T19:00:00.000Z';
  it('shows the Indian calendar date, not the UTC one', () => {
    expect(isoDateIST(lateEvening)).toBe('2026-11-21');
    expect(formatDateIST(lateEvening)).toBe('21 Nov 2026');
  });
  it('names a calendar day as a chart axis does: day and month (issue 32)', () => {
    expect(formatDayMonth('2026-11-27')).toBe('27 Nov');
    expect(formatDayMonth('2026-09-01')).toBe('1 Sept');
    expect(formatDayMonth('2026-01-05', 'hi')).toBe('5 जन॰');
    expect(() => formatDayMonth('11-27')).toThrow(RangeError);
    expect(() => formatDayMonth('2026-13-01')).toThrow(RangeError);
  });
  it('shows the Indian time of day', () => {
    expect(formatDateTimeIST(lateEvening).replace(/\u202f/g, ' ')).toMatch(/^21 Nov 2026, 12:30 am$/i);
    expect(formatDateTimeIST('2026-11-21T10:35:00.000Z').replace(/\u202f/g, ' ')).toMatch(/^21 Nov 2026, 4:05 pm$/i);
  });

  it('prints what Intl prints for Indian time, at any moment from 1970 to 2200', () => {
    const zone = { timeZone: 'Asia/Kolkata' } as const;
    const date = new Intl.DateTimeFormat('en-IN', { ...zone, day: 'numeric', month: 'short', year: 'numeric' });
    const dateTime = new Intl.DateTimeFormat('en-IN', {
      ...zone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    const iso = new Intl.DateTimeFormat('en-CA', { ...zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    const moments = fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(moments, (moment) => {
        const text = moment.toISOString();
        expect(formatDateIST(text)).toBe(date.format(moment));
        expect(formatDateTimeIST(text)).toBe(dateTime.format(moment).replace(/\u202f/g, ' '));
        expect(isoDateIST(text)).toBe(iso.format(moment));
      }),
      { numRuns: 5_000 },
    );
    // Midnight and noon, where a 12-hour clock turns.
    expect(formatDateTimeIST('2026-11-20T18:30:00.000Z')).toBe('21 Nov 2026, 12:00 am');
    expect(formatDateTimeIST('2026-11-21T06:30:00.000Z')).toBe('21 Nov 2026, 12:00 pm');
    expect(() => formatDateIST('not a date')).toThrow(RangeError);
  });

  it('prints Hindi month names as Intl prints hi-IN dates (issue 30)', () => {
    const date = new Intl.DateTimeFormat('hi-IN', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    for (let month = 0; month < 12; month++) {
      const moment = new Date(Date.UTC(2026, month, 15, 6));
      expect(formatDateIST(moment.toISOString(), 'hi')).toBe(date.format(moment));
    }
    expect(formatDateTimeIST('2026-11-21T10:35:00.000Z', 'hi')).toBe('21 नव॰ 2026, 4:05 pm');
  });
});
