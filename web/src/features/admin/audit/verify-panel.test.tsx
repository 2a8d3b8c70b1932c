import { describe, expect, it } from 'vitest';
import { verifyText } from './verify-panel.tsx';

const checkedAt = '2026-11-27T04:00:00.000Z';

describe('the audit chain check, in words', () => {
  it('says intact with the count and the newest entry with the start of its hash', () => {
    const head = { seq: 1234, hash: 'abcdef0123456789'.repeat(4), at: checkedAt };
    expect(verifyText({ intact: true, entries: 1234, checkedAt, head, broken: null })).toBe(
      'Intact: 1,234 entries, newest #1234 (hash abcdef012345…)',
    );
    expect(verifyText({ intact: true, entries: 0, checkedAt, head: null, broken: null })).toBe('Intact: 0 entries.');
  });

  it('names the broken entry and the server’s reason', () => {
    const broken = { seq: 17, problem: 'changed' as const, message: 'Entry #17 was changed after it was written.' };
    expect(verifyText({ intact: false, entries: 40, checkedAt, head: null, broken })).toBe(
      'Broken at entry #17: Entry #17 was changed after it was written.',
    );
  });
});
