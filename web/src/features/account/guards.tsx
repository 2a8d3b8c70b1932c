import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { withRedirect } from './redirect-target.ts';
import { sessionStore, useUserInfo } from './session-store.ts';

/**
 * Lets `allowed` users through and sends everyone else to sign in, coming back afterwards. A page
 * whose user signs out while it is open shows nothing: the layout is already on its way to /login.
 */
function Guard({ allowed }: { allowed: (user: NonNullable<ReturnType<typeof useUserInfo>>) => boolean }) {
  const user = useUserInfo();
  const [openedSignedIn] = useState(() => sessionStore.get() !== null);
  const { pathname, search } = useLocation();
  if (user && allowed(user)) return <Outlet />;
  if (!user && openedSignedIn) return null;
  return <Navigate to={withRedirect('/login', pathname + search)} replace />;
}

/** Pages for signed-in customers (SPEC §6). */
export function RequireSignIn() {
  return <Guard allowed={() => true} />;
}

/** Admin pages (SPEC §6): customers and visitors go to /login, where an admin can sign in. */
export function RequireAdmin() {
  return <Guard allowed={(user) => user.isAdmin} />;
}
