import type { UserInfo } from '@rr/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderReturn } from '../testing/after-sale.ts';
import { jsonReply, renderInApp } from '../testing/render.tsx';
import { UserMenu } from './user-menu.tsx';

const fetchMock = vi.fn<typeof fetch>();
const person = (isAdmin: boolean): UserInfo => ({
  _id: 'u1',
  name: isAdmin ? 'Owner' : 'Asha',
  email: 'a@example.com',
  phone: '9876543210',
  isAdmin,
  role: isAdmin ? 'owner' : null,
  token: 't',
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/returns'
      ? jsonReply([
          orderReturn({ _id: 'a', status: 'requested' }),
          orderReturn({ _id: 'b', status: 'received' }),
          orderReturn({ _id: 'c', status: 'refunded' }),
        ])
      : jsonReply({ message: 'Not found' }, 404),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('UserMenu, returns', () => {
  it('shows the admin how many returns are open once the menu opens, and asks for them only then', async () => {
    const user = userEvent.setup();
    renderInApp(<UserMenu user={person(true)} />);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /Owner/ }));
    const link = await screen.findByRole('link', { name: 'Returns 2 open' });
    expect(link.getAttribute('href')).toBe('/admin/returns');
  });

  it('asks a customer for nothing', async () => {
    const user = userEvent.setup();
    renderInApp(<UserMenu user={person(false)} />);
    await user.click(screen.getByRole('button', { name: /Asha/ }));
    expect(screen.queryByRole('link', { name: /Returns/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('UserMenu, staff roles (issue 29)', () => {
  const staff = (role: NonNullable<UserInfo['role']>): UserInfo => ({ ...person(true), name: `Staff ${role}`, role });
  const menuLinks = async (role: NonNullable<UserInfo['role']>) => {
    const user = userEvent.setup();
    renderInApp(<UserMenu user={staff(role)} />);
    await user.click(screen.getByRole('button', { name: new RegExp(`Staff ${role}`) }));
    await screen.findByRole('link', { name: 'Profile' });
    return screen.getAllByRole('link').map((link) => link.getAttribute('href'));
  };

  it('gives the packer the orders and returns, without products, the dashboard, users or the audit log', async () => {
    const links = await menuLinks('orders');
    expect(await screen.findByRole('link', { name: 'Returns 2 open' })).toBeTruthy();
    expect(links.filter((href) => href?.startsWith('/admin'))).toEqual(['/admin/orderlist', '/admin/returns']);
  });

  it('gives the catalog role the catalog pages only, and asks for no returns', async () => {
    const links = await menuLinks('catalog');
    expect(links.filter((href) => href?.startsWith('/admin'))).toEqual([
      '/admin/productlist',
      '/admin/categories',
      '/admin/import',
      '/admin/search-synonyms',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives the owner every page, the audit log last', async () => {
    const links = (await menuLinks('owner')).filter((href) => href?.startsWith('/admin'));
    expect(links[0]).toBe('/admin');
    expect(links.at(-1)).toBe('/admin/audit');
    expect(links).toContain('/admin/userlist');
    expect(links).toContain('/admin/shipping');
  });
});
