import { Link, Outlet, useLocation } from 'react-router';
import { Message } from '../../components/message.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useUserInfo } from './session-store.ts';
import { mayOpen, menuPages, roleLabel, roleOf } from '../../lib/staff-pages.ts';

/**
 * Issue 29: an admin page opens for a staff member whose role covers it; the others see why not and
 * where they can go instead (no redirect: a page they cannot open is not a page to sign in again for).
 */
export function StaffGate() {
  const role = roleOf(useUserInfo());
  const { pathname } = useLocation();
  return mayOpen(role, pathname) ? <Outlet /> : <RoleRefusal />;
}

function RoleRefusal() {
  usePageTitle('Not for your role | Rudraksha Ratna');
  const role = roleOf(useUserInfo());
  const pages = menuPages(role);
  return (
    <div className="container page">
      <h1>Not for your role</h1>
      <Message variant="danger">
        Your role ({roleLabel(role)}) does not open this page. The shop&apos;s owner can change your role.
      </Message>
      {pages.length > 0 && (
        <>
          <h2>Pages your role opens</h2>
          <ul>
            {pages.map((page) => (
              <li key={page.to}>
                <Link to={page.to}>{page.label}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
