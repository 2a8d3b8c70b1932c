/**
 * SPEC §2/§4: `?redirect=` names where to go after signing in (`shipping` from the cart means
 * `/shipping`). Only a path on this site is ever followed, so a crafted link cannot send a customer who
 * just signed in to another site: anything that could leave the origin becomes `/`.
 */
export function redirectTarget(raw: string | null | undefined): string {
  const value = raw?.trim() ?? '';
  if (value === '') return '/';
  const path = value.startsWith('/') ? value : `/${value}`;
  // `//host` and `/\host` are protocol-relative; `:` covers schemes; control characters are dropped by URL parsers.
  if (path.startsWith('//') || path.includes('\\') || path.includes(':') || hasControlCharacter(path)) return '/';
  return path;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Where a user who just signed in goes: the page named by `?redirect=`, else `staffHome`, the admin page
 * their role lands on (the owner's desk, issue 15; the packer's order list, issue 29), and the home page
 * for a customer (null).
 */
export function signedInTarget(raw: string | null | undefined, staffHome: string | null | undefined): string {
  const target = redirectTarget(raw);
  return target === '/' && staffHome && !raw?.trim() ? staffHome : target;
}

/** Admin pages (SPEC §6): only an admin may be sent there. */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/**
 * `/login`, `/register` or `/verifyotp` with the redirect passed on (and any extra query values).
 * Slashes stay readable (`?redirect=/profile`): they need no escaping in a query.
 */
export function withRedirect(pathname: string, redirect: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  if (redirect) params.set('redirect', redirect);
  const query = params.toString().replace(/%2F/gi, '/');
  return query ? `${pathname}?${query}` : pathname;
}
