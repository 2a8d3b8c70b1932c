import { describe, expect, it } from 'vitest';
import { formatDateIST, formatDateTimeIST, isoDateIST } from './dates.ts';

describe('dates in Indian time', () => {
  // 20 Nov 2026, 19:00 UTC is already 21 Nov, 00:30 in India.
  const lateEvening = '2026-11-20T19:00:00.000Z';
  it('shows the Indian calendar date, not the UTC one', () => {
    expect(isoDateIST(lateEvening)).toBe('2026-11-21');
    expect(formatDateIST(lateEvening)).toBe('21 Nov 2026');
  });
  it('shows the Indian time of day', () => {
    expect(formatDateTimeIST(lateEvening).replace(/\u202f/g, ' ')).toMatch(/^21 Nov 2026, 12:30 am$/i);
    expect(formatDateTimeIST('2026-11-21T10:35:00.000Z').replace(/\u202f/g, ' ')).toMatch(/^21 Nov 2026, 4:05 pm$/i);
  });
});
