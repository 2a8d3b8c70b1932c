import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../testing/render.tsx';
import { OrderLines, type OrderLine } from './order-lines.tsx';

const line = (over: Partial<OrderLine> = {}): OrderLine => ({
  name: 'Nepal 5 Mukhi Rudraksha',
  image: '/images/products/nepal-5.svg',
  price: 1601,
  qty: 2,
  product: 'p-nepal',
  ...over,
});

const energisation = { name: 'Energisation', price: 251, values: { Name: '<b>रमेश</b>', Gotra: 'Kashyap' } };

describe('OrderLines with variants and extras (issue 25)', () => {
  it("shows an order line's variant and extras with their text, as text, under the name", () => {
    renderInApp(
      <OrderLines
        lines={[
          line({
            variant: { _id: 'v20', name: '20 mm' },
            addOns: [{ name: 'Silver capping', price: 350, values: {} }, energisation],
            returnable: false,
          }),
        ]}
      />,
    );
    const chosen = screen.getByRole('list', { name: 'Chosen with it' });
    expect(chosen.textContent).toBe(
      '20 mmSilver capping + ₹350.00Energisation + ₹251.00Name: <b>रमेश</b>Gotra: Kashyap',
    );
    expect(chosen.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Nepal 5 Mukhi Rudraksha' }).getAttribute('href')).toBe(
      '/product/p-nepal?variant=v20',
    );
    expect(screen.getByText('Made to order: not returnable')).toBeTruthy();
    expect(screen.getByText('2 x ₹1,601.00 = ₹3,202.00')).toBeTruthy();
  });

  it("shows a cart line's variant name and keeps two lines of one product apart", () => {
    renderInApp(
      <OrderLines
        lines={[
          line({ variant: 'v20', variantName: '20 mm' }),
          line({ variant: 'v22', variantName: '22 mm', addOns: [energisation] }),
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').filter((li) => li.textContent?.includes('Nepal'))).toHaveLength(2);
    expect(screen.getByText('22 mm')).toBeTruthy();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/product/p-nepal?variant=v20',
      '/product/p-nepal?variant=v22',
    ]);
  });

  it('shows a line without choices as before', () => {
    renderInApp(<OrderLines lines={[line({ variant: null, addOns: [] })]} />);
    expect(screen.queryByRole('list', { name: 'Chosen with it' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Nepal 5 Mukhi Rudraksha' }).getAttribute('href')).toBe('/product/p-nepal');
  });
});
