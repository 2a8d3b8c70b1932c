import type { Order, OrderReturn, Returnability } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ID, deliveredOrder } from '../../../testing/order.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { OrderPage } from '../pages/order-page.tsx';

const open: Returnability = {
  refusal: null,
  returnBy: '2026-12-02T18:29:59.999Z',
  lines: [
    { product: 'p1', variant: null, name: '5 Mukhi Rudraksha', qty: 2, returnableQty: 2, reason: null },
    {
      product: 'p2',
      variant: null,
      name: 'Sphatik Mala',
      qty: 1,
      returnableQty: 0,
      reason: 'Made-to-order items are not returnable',
    },
  ],
};

const asked: OrderReturn = {
  _id: 'r1',
  order: ORDER_ID,
  orderNumber: '0B6F7C3E',
  customer: { name: 'Asha Verma', phone: '9876543210' },
  status: 'requested',
  resolution: 'refund',
  lines: [{ product: 'p1', variant: null, name: '5 Mukhi Rudraksha', qty: 1 }],
  reason: 'Cracked bead',
  photos: ['/uploads/crack.webp'],
  videoUrl: null,
  ownerNote: null,
  customerNote: null,
  pickup: null,
  refund: null,
  replacement: null,
  createdAt: '2026-11-26T05:00:00.000Z',
  updatedAt: '2026-11-26T05:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
let order: Order;
let returnability: Returnability;
let returns: OrderReturn[];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  order = deliveredOrder();
  returnability = open;
  returns = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === `/api/orders/${ORDER_ID}`) return jsonReply(order);
    if (url === `/api/orders/${ORDER_ID}/returnability`) return jsonReply(returnability);
    if (url === `/api/orders/${ORDER_ID}/returns` && method === 'GET') return jsonReply(returns);
    if (url === `/api/orders/${ORDER_ID}/returns` && method === 'POST') {
      returns = [asked];
      return jsonReply(asked, 201);
    }
    // Stored photos are named by their content: here, by the file's name.
    if (url === '/api/upload/review-photo') {
      const file = (init!.body as FormData).get('image') as File;
      return jsonReply({ image: `/uploads/${file.name}.webp`, message: 'Photo uploaded' }, 201);
    }
    if (url === '/api/returns/r1' && method === 'PUT') {
      returns = [{ ...asked, status: 'requested', customerNote: 'Here is the box' }];
      return jsonReply(returns[0]);
    }
    return jsonReply({ message: `Not found: ${method} ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function openOrder() {
  renderInApp(
    <Routes>
      <Route path="/order/:id" element={<OrderPage />} />
    </Routes>,
    `/order/${ORDER_ID}`,
  );
}

const bodyOf = (url: string, method: string) => {
  const call = fetchMock.mock.calls.find(([u, init]) => String(u) === url && init?.method === method);
  return call ? (JSON.parse(String(call[1]!.body)) as Record<string, unknown>) : undefined;
};

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], name, { type: 'image/jpeg' });

describe('returns on the order page (issue 28)', () => {
  it('asks for a return of chosen units with a photo, and then lists it', async () => {
    const user = userEvent.setup();
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Return or Replace Items' }));
    const form = screen.getByRole('form', { name: 'Return or replace items' });

    // The made-to-order line is shown with its reason and cannot be chosen.
    expect(within(form).getByText('Made-to-order items are not returnable')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'One more Sphatik Mala' })).toHaveProperty('disabled', true);
    const more = within(form).getByRole('button', { name: 'One more 5 Mukhi Rudraksha' });
    await user.click(more);
    await user.click(more);
    expect(more).toHaveProperty('disabled', true);
    await user.click(within(form).getByRole('button', { name: 'One fewer 5 Mukhi Rudraksha' }));
    expect(within(form).getByLabelText('5 Mukhi Rudraksha to return').textContent).toBe('1');

    // Nothing is sent without a photo or a video.
    await user.type(within(form).getByLabelText('Reason'), 'Cracked bead');
    await user.click(within(form).getByRole('button', { name: 'Send Return Request' }));
    expect(within(form).getByText('Add a photo or an unboxing video link')).toBeTruthy();
    expect(bodyOf(`/api/orders/${ORDER_ID}/returns`, 'POST')).toBeUndefined();

    await user.upload(within(form).getByLabelText('Add Photos'), [photo('a.jpg'), photo('b.jpg')]);
    expect(await within(form).findByRole('img', { name: 'Photo 2' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Remove photo 1' }));
    expect(
      within(form)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/uploads/b.jpg.webp']);
    await user.click(within(form).getByLabelText('A replacement of the same item'));
    await user.click(within(form).getByRole('button', { name: 'Send Return Request' }));

    expect(await screen.findByText(/Your return request is sent/)).toBeTruthy();
    expect(bodyOf(`/api/orders/${ORDER_ID}/returns`, 'POST')).toEqual({
      lines: [{ product: 'p1', variant: null, qty: 1 }],
      reason: 'Cracked bead',
      photos: ['/uploads/b.jpg.webp'],
      resolution: 'replacement',
    });
    const listed = await screen.findByTestId('return');
    expect(listed.textContent).toContain('Requested');
    expect(listed.textContent).toContain('Your reason: Cracked bead');
    expect(within(listed).getByRole('img', { name: 'Your photo 1' }).getAttribute('src')).toBe('/uploads/crack.webp');
    expect(listed.textContent).toContain('5 Mukhi Rudraksha × 1');
  });

  it('keeps a photo chosen twice once', async () => {
    const user = userEvent.setup();
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Return or Replace Items' }));
    await user.upload(screen.getByLabelText('Add Photos'), photo('a.jpg'));
    await screen.findByRole('img', { name: 'Photo 1' });
    await user.upload(screen.getByLabelText('Add Another Photo'), [photo('a.jpg'), photo('c.jpg')]);
    await screen.findByRole('img', { name: 'Photo 2' });
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/a.jpg.webp',
      '/uploads/c.jpg.webp',
    ]);
  });

  it('sends an unboxing video link instead of photos', async () => {
    const user = userEvent.setup();
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Return or Replace Items' }));
    await user.click(screen.getByRole('button', { name: 'One more 5 Mukhi Rudraksha' }));
    await user.type(screen.getByLabelText('Reason'), 'Not as described');
    await user.type(screen.getByLabelText('Or an unboxing video link'), 'http://video.example/1');
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(screen.getByText('Video link must be an https:// link')).toBeTruthy();
    await user.clear(screen.getByLabelText('Or an unboxing video link'));
    await user.type(screen.getByLabelText('Or an unboxing video link'), 'https://video.example/1');
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    await screen.findByText(/Your return request is sent/);
    expect(bodyOf(`/api/orders/${ORDER_ID}/returns`, 'POST')).toMatchObject({
      photos: [],
      videoUrl: 'https://video.example/1',
      resolution: 'refund',
    });
  });

  it('says why a return cannot be asked for, in small text, with no button', async () => {
    // A delivered order with units left is refused only once its window closed: said from returnBy.
    returnability = { ...open, refusal: 'Returns for this order closed on 2 Dec 2026.' };
    openOrder();
    expect(await screen.findByText('Returns for this order closed on 2 Dec 2026.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return or Replace Items' })).toBeNull();
  });

  it("shows the shop's note and the pickup, and answers a request for more information", async () => {
    const user = userEvent.setup();
    returnability = { ...open, refusal: 'Nothing left to return' };
    returns = [
      {
        ...asked,
        _id: 'r0',
        status: 'approved',
        ownerNote: 'Pack it in its box',
        pickup: { provider: 'sandbox', courier: 'Delhivery', trackingNumber: 'RTN123' },
      },
      { ...asked, status: 'more_info', ownerNote: 'Please send a photo of the box' },
      {
        ...asked,
        _id: 'r2',
        status: 'replaced',
        resolution: 'replacement',
        replacement: { courier: 'Blue Dart', trackingNumber: 'BD998877' },
        pickup: { provider: null, courier: 'Delhivery', trackingNumber: 'RTN555' },
      },
    ];
    openOrder();
    const [approved, moreInfo, replaced] = await screen.findAllByTestId('return');
    expect(replaced!.textContent).toContain('Replacement sent');
    expect(replaced!.textContent).toContain('Replacement: Blue Dart, AWB BD998877');
    // Once the item is back, the pickup is history: no more packing instructions.
    expect(replaced!.textContent).toContain('Pickup: Delhivery, AWB RTN555.');
    expect(replaced!.textContent).not.toContain('Keep the item packed');
    expect(approved!.textContent).toContain('Approved: pickup booked');
    expect(approved!.textContent).toContain('From the shop: Pack it in its box');
    expect(approved!.textContent).toContain('Pickup: Delhivery, AWB RTN123. Keep the item packed');
    expect(within(approved!).queryByRole('form')).toBeNull();

    expect(moreInfo!.textContent).toContain('More information asked');
    const reply = within(moreInfo!).getByRole('form', { name: 'Reply to the shop' });
    await user.click(within(reply).getByRole('button', { name: 'Send Reply' }));
    expect(within(reply).getByText('Please write your reply')).toBeTruthy();
    await user.type(within(reply).getByLabelText('Your reply'), 'Here is the box');
    await user.upload(within(reply).getByLabelText('Add Photos'), photo('box.jpg'));
    await within(reply).findByRole('img', { name: 'Photo 1' });
    await user.click(within(reply).getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Here is the box')).toBeTruthy();
    expect(bodyOf('/api/returns/r1', 'PUT')).toEqual({
      action: 'reply',
      note: 'Here is the box',
      photos: ['/uploads/box.jpg.webp'],
    });
  });

  it('asks nothing about returns of an order not yet delivered', async () => {
    order = deliveredOrder({ status: 'shipped', isDelivered: false, deliveredAt: null });
    openOrder();
    await screen.findByRole('heading', { name: 'Order Items' });
    expect(screen.queryByRole('heading', { name: 'Returns' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('returnability'))).toBe(false);
  });
});
