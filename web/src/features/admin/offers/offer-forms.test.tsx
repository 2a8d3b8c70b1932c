import type { CategoryGst, Coupon, Product, Sale } from '@rr/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { CouponEditPage, CouponListPage } from './coupon-pages.tsx';
import { SaleEditPage, SaleListPage } from './sale-pages.tsx';

const BEAD = '00000000-0000-4000-8000-000000000005';
const categories: CategoryGst[] = [
  { slug: 'rudraksha', name: 'Rudraksha', hsnCode: '1404', gstPercent: 3, uqc: 'NOS' },
  { slug: 'mala', name: 'Mala', hsnCode: '7117', gstPercent: 3, uqc: 'NOS' },
];
const bead = { _id: BEAD, name: 'Nepal 5 Mukhi', category: 'rudraksha' } as Product;

const savedCoupon: Coupon = {
  _id: 'c1',
  code: 'DIWALI-25',
  percentOff: 25,
  amountOff: null,
  freeShipping: false,
  minOrder: 999,
  // 20 Oct 2026, 00:00 IST and 5 Nov 2026, 23:59 IST.
  startsAt: '2026-10-19T18:30:00.000Z',
  endsAt: '2026-11-05T18:29:00.000Z',
  usageLimit: 100,
  perCustomerLimit: 1,
  firstOrderOnly: false,
  categories: ['mala'],
  products: [BEAD],
  combinesWithOnlineDiscount: false,
  isActive: true,
  status: 'scheduled',
  uses: 3,
  revenue: 4500,
  discountGiven: 600,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
};
const savedSale: Sale = {
  _id: 's1',
  name: 'Diwali Sale',
  nameHi: 'दिवाली सेल',
  percentOff: 15,
  categories: ['rudraksha'],
  products: [BEAD],
  startsAt: '2026-10-19T18:30:00.000Z',
  endsAt: '2026-11-05T18:29:00.000Z',
  banner: '',
  bannerHi: '',
  isActive: true,
  status: 'active',
  uses: 7,
  revenue: 12000,
  discountGiven: 1800,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
/** What the server answers a POST or PUT of an offer. */
let saveReply: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  saveReply = (body) => jsonReply({ ...savedCoupon, ...savedSale, ...body }, 201);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/categories') return jsonReply(categories);
    if (url.startsWith('/api/products?')) {
      const keyword = new URL(url, 'http://x').searchParams.get('keyword') ?? '';
      const found = 'nepal 5 mukhi'.includes(keyword.toLowerCase()) ? [bead] : [];
      return jsonReply({ products: found, page: 1, pages: 1, total: found.length });
    }
    if (url === `/api/products/${BEAD}`) return jsonReply(bead);
    if (url.startsWith('/api/admin/') && method !== 'GET')
      return method === 'DELETE'
        ? jsonReply({ message: 'Coupon deleted' })
        : saveReply(JSON.parse(String(init?.body)) as Record<string, unknown>);
    if (url === '/api/admin/coupons')
      return jsonReply([
        savedCoupon,
        {
          ...savedCoupon,
          _id: 'c2',
          code: 'SHIPFREE',
          percentOff: null,
          freeShipping: true,
          usageLimit: null,
          status: 'paused',
          isActive: false,
        },
      ]);
    if (url === '/api/admin/sales')
      return jsonReply([savedSale, { ...savedSale, _id: 's2', name: 'Holi Sale', status: 'scheduled' }]);
    return jsonReply({ message: 'Not found' }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

function open(path: string) {
  renderInApp(
    <Routes>
      <Route path="/admin/coupons" element={<CouponListPage />} />
      <Route path="/admin/coupons/new" element={<CouponEditPage />} />
      <Route path="/admin/coupons/:id/edit" element={<CouponEditPage />} />
      <Route path="/admin/sales" element={<SaleListPage />} />
      <Route path="/admin/sales/new" element={<SaleEditPage />} />
      <Route path="/admin/sales/:id/edit" element={<SaleEditPage />} />
    </Routes>,
    path,
  );
}

/** The bodies sent with `method`. */
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body ?? 'null')) as unknown }));

const setMoment = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

/** The error shown for (and announced with) the control labelled `label`. */
function errorOf(label: string): string {
  const control = screen.getByLabelText(label);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('the coupon form', () => {
  it('writes the code in capitals, shows what is missing, and sends every field as the contract has it', async () => {
    const user = userEvent.setup();
    open('/admin/coupons/new');
    await user.type(await screen.findByLabelText('Code'), 'diwali-25');
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe('DIWALI-25');

    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(errorOf('Percent off')).toContain('Enter the percent off');
    expect(screen.getByText('Please correct the fields marked above.')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    await user.click(screen.getByLabelText('Fixed amount'));
    await user.type(screen.getByLabelText('Amount off (₹)'), '200');
    await user.type(screen.getByLabelText('Minimum order (₹)'), '999');
    setMoment('Starts', '2026-10-20T00:00');
    setMoment('Ends', '2026-10-19T23:00');
    await user.type(screen.getByLabelText('Uses in all'), '100');
    await user.type(screen.getByLabelText('Uses per customer'), '1');
    await user.click(screen.getByLabelText('First order only'));
    await user.click(await screen.findByLabelText('Mala'));
    await user.type(screen.getByLabelText('Find a product to add'), 'mukhi');
    await user.click(await screen.findByRole('button', { name: 'Add Nepal 5 Mukhi' }));
    expect(within(screen.getByRole('list', { name: 'Products chosen' })).getByText('Nepal 5 Mukhi')).toBeTruthy();
    await user.click(screen.getByLabelText('Combines with the online payment discount'));
    expect(screen.getByText(/the customer gets the better of this code and the 10% online discount/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(errorOf('Ends')).toContain('The end must be after the start');
    setMoment('Ends', '2026-11-05T23:59');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));

    await screen.findByText('Coupon DIWALI-25 created.');
    expect(sent('POST')).toEqual([
      {
        url: '/api/admin/coupons',
        body: {
          code: 'DIWALI-25',
          percentOff: null,
          amountOff: 200,
          freeShipping: false,
          minOrder: 999,
          // Indian time, sent as the moment it is.
          startsAt: '2026-10-19T18:30:00.000Z',
          endsAt: '2026-11-05T18:29:00.000Z',
          usageLimit: 100,
          perCustomerLimit: 1,
          firstOrderOnly: true,
          categories: ['mala'],
          products: [BEAD],
          combinesWithOnlineDiscount: true,
          isActive: true,
        },
      },
    ]);
  });

  it('shows a taken code by the code field, a field problem by its field, and any other refusal at the top', async () => {
    const user = userEvent.setup();
    open('/admin/coupons/new');
    await user.type(await screen.findByLabelText('Code'), 'diwali-25');
    await user.type(screen.getByLabelText('Percent off'), '10');

    saveReply = () => jsonReply({ message: 'code: another coupon is DIWALI-25', code: 'COUPON_CODE_TAKEN' }, 409);
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(errorOf('Code')).toContain('Another coupon is DIWALI-25'));

    saveReply = () => jsonReply({ message: 'minOrder: minOrder is too large', code: 'VALIDATION_FAILED' }, 400);
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(errorOf('Minimum order (₹)')).toContain('Min order is too large'));

    saveReply = () => jsonReply({ message: 'Something went wrong', code: 'INTERNAL' }, 500);
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });

  it('opens a saved coupon in Indian time with its product by name, and switches it to free shipping', async () => {
    const user = userEvent.setup();
    open('/admin/coupons/c1/edit');
    expect((await screen.findByLabelText<HTMLInputElement>('Code')).value).toBe('DIWALI-25');
    expect(screen.getByLabelText<HTMLInputElement>('Percent off').value).toBe('25');
    expect(screen.getByLabelText<HTMLInputElement>('Starts').value).toBe('2026-10-20T00:00');
    expect(screen.getByLabelText<HTMLInputElement>('Ends').value).toBe('2026-11-05T23:59');
    expect(await screen.findByRole('button', { name: 'Remove Nepal 5 Mukhi' })).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('Mala')).checked).toBe(true);

    await user.click(screen.getByLabelText('Free shipping'));
    await user.click(screen.getByLabelText('Active'));
    await user.click(screen.getByRole('button', { name: 'Save coupon' }));
    await screen.findByText('Coupon DIWALI-25 saved.');
    expect(sent('PUT')).toEqual([
      {
        url: '/api/admin/coupons/c1',
        body: expect.objectContaining({
          percentOff: null,
          amountOff: null,
          freeShipping: true,
          isActive: false,
          products: [BEAD],
          usageLimit: 100,
        }) as unknown,
      },
    ]);
  });
});

describe('the coupon list', () => {
  it('shows what each code gives, its dates in Indian time, its status and uses; pauses and deletes', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    open('/admin/coupons');
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const first = within(within(table).getAllByRole('row')[1]!);
    expect(first.getByText('25% off')).toBeTruthy();
    expect(first.getByText('₹999')).toBeTruthy();
    expect(first.getByRole('cell', { name: '20 Oct 2026, 12:00 am' })).toBeTruthy();
    expect(first.getByRole('cell', { name: '5 Nov 2026, 11:59 pm' })).toBeTruthy();
    expect(first.getByText('Scheduled')).toBeTruthy();
    expect(first.getByText('3 of 100')).toBeTruthy();
    expect(first.getByText('₹4,500.00')).toBeTruthy();
    const second = within(within(table).getAllByRole('row')[2]!);
    expect(second.getByText('Free shipping')).toBeTruthy();
    expect(second.getByText('Paused')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Pause DIWALI-25' }));
    await user.click(screen.getByRole('button', { name: 'Resume SHIPFREE' }));
    expect(sent('PUT')).toEqual([
      { url: '/api/admin/coupons/c1', body: { isActive: false } },
      { url: '/api/admin/coupons/c2', body: { isActive: true } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete SHIPFREE' }));
    expect(confirm).toHaveBeenCalledWith('Delete the coupon SHIPFREE? This cannot be undone.');
    await screen.findByText('Coupon deleted');
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/coupons/c2', expect.objectContaining({ method: 'DELETE' }));
  });

  it('deletes nothing when the admin cancels', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    open('/admin/coupons');
    await user.click(await screen.findByRole('button', { name: 'Delete DIWALI-25' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});

describe('the sale form', () => {
  it('names every missing field, then sends the sale', async () => {
    const user = userEvent.setup();
    open('/admin/sales/new');
    await user.click(await screen.findByRole('button', { name: 'Create sale' }));
    expect(errorOf('Name')).toContain('Name is required');
    expect(errorOf('Percent off')).toContain('Enter the percent off');
    expect(errorOf('Starts')).toContain('Choose when the sale starts');
    expect(screen.getByText('Choose at least one category or product')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    await user.type(screen.getByLabelText('Name'), 'Diwali Sale');
    await user.type(screen.getByLabelText('Name in Hindi (हिन्दी नाम)'), 'दिवाली सेल');
    await user.type(screen.getByLabelText('Percent off'), '95');
    await user.click(await screen.findByLabelText('Rudraksha'));
    expect(screen.queryByText('Choose at least one category or product')).toBeNull();
    setMoment('Starts', '2026-10-20T00:00');
    setMoment('Ends', '2026-11-05T23:59');
    await user.type(screen.getByLabelText('Banner text'), 'Diwali: 15% off every bead');
    await user.type(screen.getByLabelText('Banner text in Hindi'), 'दिवाली: हर दाने पर 15% की छूट');
    await user.click(screen.getByRole('button', { name: 'Create sale' }));
    expect(errorOf('Percent off')).toContain('Percent off must be at most 90');

    await user.clear(screen.getByLabelText('Percent off'));
    await user.type(screen.getByLabelText('Percent off'), '15');
    await user.click(screen.getByRole('button', { name: 'Create sale' }));
    await screen.findByText('Sale Diwali Sale created.');
    expect(sent('POST')).toEqual([
      {
        url: '/api/admin/sales',
        body: {
          name: 'Diwali Sale',
          nameHi: 'दिवाली सेल',
          percentOff: 15,
          categories: ['rudraksha'],
          products: [],
          startsAt: '2026-10-19T18:30:00.000Z',
          endsAt: '2026-11-05T18:29:00.000Z',
          banner: 'Diwali: 15% off every bead',
          bannerHi: 'दिवाली: हर दाने पर 15% की छूट',
          isActive: true,
        },
      },
    ]);
  });

  it('lists sales with what they cover, and edits one', async () => {
    const user = userEvent.setup();
    open('/admin/sales');
    const row = within((await screen.findByRole('table', { name: 'Sales' })).querySelector('tbody tr')!);
    expect(row.getByText('15% off')).toBeTruthy();
    expect(await row.findByText('Rudraksha, 1 product')).toBeTruthy();
    expect(row.getByText('Active')).toBeTruthy();
    // Issue 30: a running sale's page in the shop, to share.
    expect(row.getByRole('link', { name: 'Shop page of Diwali Sale' }).getAttribute('href')).toBe('/sale/s1');
    expect(screen.getByText('Holi Sale')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Shop page of Holi Sale' })).toBeNull(); // not running yet
    await user.click(row.getByRole('link', { name: 'Edit Diwali Sale' }));
    await user.click(await screen.findByRole('button', { name: 'Remove Nepal 5 Mukhi' }));
    expect(screen.getByLabelText<HTMLInputElement>('Name in Hindi (हिन्दी नाम)').value).toBe('दिवाली सेल');
    await user.clear(screen.getByLabelText('Name in Hindi (हिन्दी नाम)'));
    await user.click(screen.getByRole('button', { name: 'Save sale' }));
    await screen.findByText('Sale Diwali Sale saved.');
    expect(sent('PUT')).toEqual([
      {
        url: '/api/admin/sales/s1',
        body: expect.objectContaining({ nameHi: '', categories: ['rudraksha'], products: [] }) as unknown,
      },
    ]);
  });
});
