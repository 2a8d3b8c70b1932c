import { STAFF_ROLES, userInfo } from '@rr/core';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import * as z from 'zod/mini';
import { isPlainObject } from '../../lib/persisted-store.ts';
import { expectReaderMatchesSchema } from '../../testing/reader-matches-schema.ts';
import { readUserInfo } from './session-store.ts';

/**
 * What a stored session may be: core's userInfo whose `isAdmin` agrees with its role (issue 29), or a
 * customer's session stored before roles, which reads as role null. A staff session stored before roles
 * is refused (its owner signs in again to learn the role).
 */
const storedSession = z.pipe(
  z.transform((raw: unknown) =>
    isPlainObject(raw) && raw.role === undefined && raw.isAdmin === false ? { ...raw, role: null } : raw,
  ),
  userInfo.check(z.refine((info) => info.isAdmin === (info.role !== null))),
);

describe('reading a stored session without zod', () => {
  it('gives what core’s userInfo schema gives (its fields only), and null where it refuses', () => {
    const person = fc.record({
      _id: fc.string(),
      name: fc.string(),
      email: fc.string(),
      phone: fc.string(),
      token: fc.string(),
      // A field the session does not keep (the profile's), dropped as the schema drops it.
      createdAt: fc.string(),
    });
    const goodSession = fc.oneof(
      person.map((p) => ({ ...p, isAdmin: false, role: null })),
      fc.tuple(person, fc.constantFrom(...STAFF_ROLES)).map(([p, role]) => ({ ...p, isAdmin: true, role })),
      // Stored before issue 29: a customer's session has no role.
      person.map((p) => ({ ...p, isAdmin: false })),
    );
    expectReaderMatchesSchema(readUserInfo, storedSession, goodSession, Object.keys(userInfo.def.shape));
  });
});
