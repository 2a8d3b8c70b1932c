import { describe, expect, it } from 'vitest';
import { isAdminPath, redirectTarget, signedInTarget, withRedirect } from './redirect-target.ts';

describe('redirectTarget', () => {
  it('sends the cart checkout value shipping to /shipping', () => {
    expect(redirectTarget('shipping')).toBe('/shipping');
  });

  it('goes home when no target is given', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('   ')).toBe('/');
  });

  it('keeps same-site paths with their query, prefixing a missing slash', () => {
    expect(redirectTarget('/profile')).toBe('/profile');
    expect(redirectTarget('product/abc-123')).toBe('/product/abc-123');
    expect(redirectTarget('/search/mala?page=2')).toBe('/search/mala?page=2');
  });

  it('turns anything that could leave the site into /', () => {
    for (const hostile of [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/redirect?to=http://evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
    ]) {
      expect(redirectTarget(hostile), hostile).toBe('/');
    }
  });
});

describe('isAdminPath', () => {
  it('matches the admin pages only', () => {
    expect(isAdminPath('/admin/userlist')).toBe(true);
    expect(isAdminPath('/admin/user/1/edit')).toBe(true);
    expect(isAdminPath('/administration-fees')).toBe(false);
    expect(isAdminPath('/profile')).toBe(false);
  });
});

describe('withRedirect', () => {
  it('passes the redirect value on unchanged and drops empty extras', () => {
    expect(withRedirect('/register', 'shipping')).toBe('/register?redirect=shipping');
    expect(withRedirect('/verifyotp', '/product/1', { phone: '9876543210' })).toBe(
      '/verifyotp?phone=9876543210&redirect=/product/1',
    );
    expect(withRedirect('/verifyotp', null, { phone: '' })).toBe('/verifyotp');
    expect(withRedirect('/login', '/search/a&b?page=2')).toBe('/login?redirect=/search/a%26b%3Fpage%3D2');
  });
});

describe('signedInTarget', () => {
  it('sends an admin to the dashboard when no page was asked for, and anyone to the page asked for', () => {
    expect(signedInTarget(null, '/admin')).toBe('/admin');
    expect(signedInTarget('', '/admin/orderlist')).toBe('/admin/orderlist');
    expect(signedInTarget(null, null)).toBe('/');
    expect(signedInTarget('shipping', '/admin')).toBe('/shipping');
    expect(signedInTarget('/', '/admin')).toBe('/');
    expect(signedInTarget('//evil.example', '/admin')).toBe('/');
  });
});
