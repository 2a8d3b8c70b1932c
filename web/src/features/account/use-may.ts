import { may, type Permission } from '@rr/core';
import { useUserInfo } from './session-store.ts';
import { roleOf } from './staff-pages.ts';

/**
 * Issue 29: what the signed-in user's role may do, asked of core's permission table (the one the
 * server's routes ask), so a screen shows only the buttons that would work. A customer may none.
 */
export function useMay(): (permission: Permission) => boolean {
  const role = roleOf(useUserInfo());
  return (permission) => may(role, permission);
}
