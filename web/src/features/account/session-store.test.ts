import { userInfo } from '@rr/core';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectReaderMatchesSchema } from '../../testing/reader-matches-schema.ts';
import { readUserInfo } from './session-store.ts';

describe('reading a stored session without zod', () => {
  it('gives what core’s userInfo schema gives (its fields only), and null where it refuses', () => {
    const goodSession = fc.record({
      _id: fc.string(),
      name: fc.string(),
      email: fc.string(),
      phone: fc.string(),
      isAdmin: fc.boolean(),
      token: fc.string(),
      // A field the session does not keep (the profile's), dropped as the schema drops it.
      createdAt: fc.string(),
    });
    expectReaderMatchesSchema(readUserInfo, userInfo, goodSession, Object.keys(userInfo.def.shape));
  });
});
