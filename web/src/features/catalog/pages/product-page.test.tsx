import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import type { ChoosableProduct } from '../product-choice.ts';
import { beadVariant, nepalBead } from '../../../testing/variant-product.ts';
import { ProductPage } from './product-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

async function openProduct(product: ChoosableProduct, path = `/product/${product._id}`) {
  fetchMock.mockImplementation(() => Promise.resolve(jsonReply(product)));
  renderInApp(
    <>
      <Routes>
        <Route path="/product/:id" element={<ProductPage />} />
        <Route path="/cart/:id" element={<p>Cart</p>} />
      </Routes>
      <Address />
    </>,
    path,
  );
  await screen.findByRole('heading', { level: 1, name: product.name });
}

const address = () => new URL(screen.getByTestId('address').textContent ?? '', 'http://shop.test');
const shownPrice = () => screen.getByTestId('product-price').textContent;
const buyBox = () => screen.getByRole('complementary', { name: 'Buy' });

describe('the product page of a product with variants (issue 25)', () => {
  it('opens on the variant the address names, and on the default for an unknown one', async () => {
    await openProduct(nepalBead(), '/product/p-nepal?variant=v22');
    const sizes = screen.getByRole('group', { name: 'Size: 22 mm' });
    expect(within(sizes).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: '22 mm' })).toHaveProperty('checked', true);
    expect(shownPrice()).toContain('₹1,400.00');
    expect(screen.getByRole('img', { name: 'Nepal 5 Mukhi Rudraksha' }).getAttribute('src')).toContain('nepal-5-22');
  });

  it('falls back to the default variant for an id it does not know', async () => {
    await openProduct(nepalBead(), '/product/p-nepal?variant=nonsense');
    expect(screen.getByRole('radio', { name: '20 mm' })).toHaveProperty('checked', true);
    expect(shownPrice()).toContain('₹1,000.00');
    expect(shownPrice()).toContain('₹1,500.00');
  });

  it('moves price, MRP, stock, size and extras with the choice, and keeps it in the address', async () => {
    await openProduct(nepalBead());
    expect(screen.queryByLabelText(/Gold capping/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '22 mm' }));
    expect(address().searchParams.get('variant')).toBe('v22');
    expect(shownPrice()).toContain('₹1,400.00');
    expect(within(buyBox()).getByText('Only 2 left')).toBeTruthy();
    expect(screen.getByLabelText(/Gold capping/)).toBeTruthy();
    expect(screen.getByRole('table').textContent).toContain('22 mm');

    fireEvent.click(screen.getByRole('radio', { name: '18 mm (out of stock)' }));
    expect(address().searchParams.get('variant')).toBe('v18');
    expect(within(buyBox()).getByText('Out Of Stock')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toHaveProperty('disabled', true);
  });

  it('adds checked extras to the price, shows their fields, and says a made-to-order one cannot be returned', async () => {
    await openProduct(nepalBead());
    const box = buyBox();
    expect(within(box).getByText('+ ₹350.00')).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByText('Made to order: not returnable')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: /Silver capping/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Energisation/ }));
    expect(screen.getByTestId('buy-price').textContent).toContain('₹1,601.00');
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.maxLength).toBe(40);
    expect(name.required).toBe(true);
    expect(screen.getByText('Made to order: not returnable')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /Silver capping/ }));
    expect(screen.getByTestId('buy-price').textContent).toContain('₹1,251.00');
  });

  it('refuses Add To Cart while a required field is empty, then adds the line with its choices', async () => {
    await openProduct(nepalBead());
    fireEvent.click(screen.getByRole('checkbox', { name: /Energisation/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in Name for Energisation.');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(address().pathname).toBe('/product/p-nepal');

    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'रमेश' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await screen.findByText('Cart');
    expect(address().pathname).toBe('/cart/p-nepal');
    expect(Object.fromEntries(address().searchParams)).toEqual({
      qty: '1',
      variant: 'v20',
      addOns: JSON.stringify([{ _id: 'puja', values: { Name: 'रमेश' } }]),
    });
  });

  it('checks a required extra and does not let it be unchecked', async () => {
    const bead = nepalBead();
    await openProduct({
      ...bead,
      addOns: bead.addOns!.map((a) => (a._id === 'silver' ? { ...a, required: true } : a)),
    });
    const silver = screen.getByRole('checkbox', { name: /Silver capping \(required\)/ });
    expect(silver).toHaveProperty('checked', true);
    expect(silver).toHaveProperty('disabled', true);
    expect(screen.getByTestId('buy-price').textContent).toContain('₹1,350.00');
  });

  it('offers many variants in a select, which moves the choice likewise', async () => {
    const variants = Array.from({ length: 12 }, (_, i) =>
      beadVariant({
        _id: `w${i}`,
        name: `${i + 3} ratti`,
        price: 1000 + i * 500,
        isDefault: i === 0,
        facts: { sizeMm: null, weightCarats: i + 3, weightRatti: null },
      }),
    );
    await openProduct(nepalBead({ variants, addOns: [] }));
    const select = screen.getByRole('combobox', { name: 'Weight' });
    fireEvent.change(select, { target: { value: 'w4' } });
    expect(address().searchParams.get('variant')).toBe('w4');
    expect(shownPrice()).toContain('₹3,000.00');
  });

  it('shows a product without variants as before: no picker, no extras', async () => {
    await openProduct(nepalBead({ variants: [], addOns: [] }));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(shownPrice()).toContain('₹1,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await screen.findByText('Cart');
    expect(`${address().pathname}${address().search}`).toBe('/cart/p-nepal?qty=1');
  });
});

describe('the category and brand line (issue 32)', () => {
  const line = () => screen.getByRole('link', { name: 'Rudraksha' }).parentElement!.textContent;
  it('names the brand after the category', async () => {
    await openProduct(nepalBead());
    expect(line()).toBe('Rudraksha · Rudraksha Ratna');
  });
  it('leaves no dot dangling without a brand', async () => {
    await openProduct({ ...nepalBead(), brand: ' ' });
    expect(line()).toBe('Rudraksha');
  });
});

describe('a product that is not found', () => {
  it('titles the page Page Not Found when the product goes while it is shown (issue 32)', async () => {
    await openProduct(nepalBead());
    await waitFor(() => expect(document.title).toBe('Nepal 5 Mukhi Rudraksha | Rudraksha Ratna'));
    // Unpublished meanwhile: the refetch on coming back to the tab answers 404, the old data stays cached.
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply({ message: 'Product not found' }, 404)));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await screen.findByText('Product not found');
    expect(screen.queryByRole('heading', { level: 1, name: 'Nepal 5 Mukhi Rudraksha' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Page Not Found | Rudraksha Ratna'));
    focusManager.setFocused(undefined);
  });
});

describe('the product page in a running sale (issue 26)', () => {
  const diwali = {
    _id: 's1',
    name: 'Diwali Sale',
    percentOff: 20,
    price: 800,
    priceFrom: 640,
    endsAt: '2026-11-02T18:29:00.000Z',
  };

  it('shows the chosen variant at the sale price, the catalog price struck, the badge, the MRP saving and the end', async () => {
    await openProduct({ ...nepalBead(), sale: diwali });
    // 20 mm: ₹1,000 less 20%; its MRP of ₹1,500 is measured from ₹800 with 3% GST (₹824): 45% off.
    expect(shownPrice()).toMatch(/^₹800\.00\+ GSTWas ₹1,000\.00Diwali Sale · 20% offMRP₹1,500\.0045% off/);
    expect(screen.getByText('Diwali Sale ends 2 Nov 2026, 11:59 pm')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '22 mm' }));
    expect(shownPrice()).toContain('₹1,120.00+ GSTWas ₹1,400.00Diwali Sale · 20% off');
    // The buy box: the unit with an extra; the extra is never in the sale.
    fireEvent.click(within(buyBox()).getByLabelText(/Silver capping/));
    expect(screen.getByTestId('buy-price').textContent).toBe('₹1,470.00+ GSTWas ₹1,750.00with 1 extra');
  });

  it('shows the catalog price alone without a sale', async () => {
    await openProduct({ ...nepalBead(), sale: null });
    // ₹1,000 with 3% GST is ₹1,030: 31% under the MRP.
    expect(shownPrice()).toMatch(/^₹1,000\.00\+ GSTMRP ₹1,500\.0031% off3% GST/);
    expect(screen.queryByText(/Diwali Sale/)).toBeNull();
  });
});
