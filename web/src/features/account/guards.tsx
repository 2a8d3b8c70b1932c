import { lazy, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { withRedirect } from './redirect-target.ts';
import { sessionStore, useUserInfo } from './session-store.ts';

/**
 * Lets `allowed` users through and sends everyone else to sign in, coming back afterwards. A page
 * whose user signs out while it is open shows nothing: the layout is already on its way to /login.
 */
function Guard({
  allowed,
  children = <Outlet />,
}: {
  allowed: (user: NonNullable<ReturnType<typeof useUserInfo>>) => boolean;
  children?: ReactNode;
}) {
  const user = useUserInfo();
  const [openedSignedIn] = useState(() => sessionStore.get() !== null);
  const { pathname, search } = useLocation();
  if (user && allowed(user)) return children;
  if (!user && openedSignedIn) return null;
  return <Navigate to={withRedirect('/login', pathname + search)} replace />;
}

/** Pages for signed-in customers (SPEC §6). */
export function RequireSignIn() {
  return <Guard allowed={() => true} />;
}

// Issue 29: which role opens which admin page is asked on the way in, loaded with the admin pages.
const StaffGate = lazy(() => import('./staff-gate.tsx').then((m) => ({ default: m.StaffGate })));

/**
 * Admin pages (SPEC §6): customers and visitors go to /login, where an admin can sign in; a staff
 * member whose role does not cover the page is told so (issue 29).
 */
export function RequireAdmin() {
  return (
    <Guard allowed={(user) => user.isAdmin}>
      <StaffGate />
    </Guard>
  );
}
