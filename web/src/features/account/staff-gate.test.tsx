import type { StaffRole, UserInfo } from '@rr/core';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { staffHome } from '../../lib/staff-pages.ts';
import { renderInApp } from '../../testing/render.tsx';
import { sessionStore } from './session-store.ts';
import { StaffGate } from './staff-gate.tsx';

const staff = (role: StaffRole): UserInfo => ({
  _id: 'u1',
  name: 'Ravi',
  email: 'ravi@example.in',
  phone: '9876543210',
  isAdmin: true,
  role,
  token: 't',
});

function openAs(role: StaffRole, path: string) {
  sessionStore.set(staff(role));
  renderInApp(
    <Routes>
      <Route element={<StaffGate />}>
        <Route path="/admin/product/:id/edit" element={<h1>Edit Product</h1>} />
        <Route path="/admin/orderlist" element={<h1>Orders</h1>} />
      </Route>
    </Routes>,
    path,
  );
}

afterEach(() => sessionStore.set(null));

describe('StaffGate (issue 29)', () => {
  it('refuses the packer the product editor, saying why and where to go instead', () => {
    openAs('orders', '/admin/product/p1/edit');
    expect(screen.getByRole('heading', { name: 'Not for your role' })).toBeTruthy();
    expect(screen.getByText(/Your role \(Orders and packing\) does not open this page\./)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Edit Product' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/admin/orderlist');
    expect(screen.queryByRole('link', { name: 'Products' })).toBeNull();
  });

  it('opens the product editor for the catalog role', () => {
    openAs('catalog', '/admin/product/p1/edit');
    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeTruthy();
  });

  it('opens the order list for the packer', () => {
    openAs('orders', '/admin/orderlist');
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeTruthy();
  });

  it('lands each role on the first page it opens: the owner on the dashboard, the packer on the orders', () => {
    expect(staffHome('owner')).toBe('/admin');
    expect(staffHome('accounts')).toBe('/admin');
    expect(staffHome('orders')).toBe('/admin/orderlist');
    expect(staffHome('support')).toBe('/admin/orderlist');
    expect(staffHome('catalog')).toBe('/admin/productlist');
    expect(staffHome(null)).toBeNull();
  });
});
