import type { ShippingSettings } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { ShippingPage } from './shipping-page.tsx';

const SPEC_RULE: ShippingSettings = {
  rateCard: null,
  codMax: 50000,
  codConfirmAbove: null,
  codConfirmUnproven: true,
  originPincode: null,
  cutoffTime: '14:00',
  holidays: [],
  defaultPackage: { weightGrams: 100, lengthCm: 10, breadthCm: 10, heightCm: 5 },
};

const zones = (a: number, b: number, c: number, d: number, e: number) => ({
  within_city: a,
  within_state: b,
  metro: c,
  rest_of_india: d,
  special: e,
});

const WITH_CARD: ShippingSettings = {
  ...SPEC_RULE,
  rateCard: {
    slabs: [{ upToGrams: 250, rates: zones(30, 40, 50, 60, 80) }],
    extraPer500g: zones(20, 25, 30, 35, 50),
    freeAbove: null,
    codFee: 30,
    codFeePercent: 0,
  },
};

const fetchMock = vi.fn<typeof fetch>();
let settings: ShippingSettings;
/** What the server answers a PUT (by default: the settings with the body merged in). */
let putReply: (body: Partial<ShippingSettings>) => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  settings = SPEC_RULE;
  putReply = (body) => jsonReply({ ...settings, ...body });
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) !== '/api/admin/shipping') return jsonReply({ message: 'Not found' }, 404);
    if (init?.method === 'PUT') return putReply(JSON.parse(String(init.body)) as Partial<ShippingSettings>);
    return jsonReply(settings);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const sentBody = () => JSON.parse(String(puts().at(-1)![1]!.body)) as Record<string, unknown>;
const rateTable = () => screen.getByRole('table', { name: /Freight by parcel weight and zone/ });
const cell = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const slabWeights = () =>
  within(rateTable())
    .getAllByRole('spinbutton', { name: /^Row \d+: up to how many grams$/ })
    .map((input) => (input as HTMLInputElement).value);

async function openPage() {
  renderInApp(<ShippingPage />, '/admin/shipping');
  return screen.findByRole('checkbox', { name: "Use SPEC's simple rule (free above ₹100, else ₹100)" });
}

describe('ShippingPage, the rate card', () => {
  it('starts on SPEC’s rule with no table, and fills in a typical card the owner can edit', async () => {
    const user = userEvent.setup();
    const simple = await openPage();
    expect((simple as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(simple);
    expect(slabWeights()).toEqual(['500']);
    expect(cell('Within city, up to 500 g (₹)').value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Fill in typical rates' }));
    expect(slabWeights()).toEqual(['500', '1000']);
    expect(cell('Within city, up to 500 g (₹)').value).toBe('40');
    expect(cell('North-East, J&K and islands, up to 1000 g (₹)').value).toBe('135');
    expect(cell('Metro to metro, each further 500 g (₹)').value).toBe('35');
    expect((screen.getByLabelText('Free shipping above (₹)') as HTMLInputElement).value).toBe('999');
    expect((screen.getByLabelText('COD fee (₹)') as HTMLInputElement).value).toBe('40');
    expect((screen.getByLabelText('COD fee (%)') as HTMLInputElement).value).toBe('2');

    await user.clear(cell('Metro to metro, up to 500 g (₹)'));
    await user.type(cell('Metro to metro, up to 500 g (₹)'), '65');
    await user.clear(screen.getByLabelText('Free shipping above (₹)'));
    await user.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    expect(await screen.findByText('Shipping settings saved.')).toBeTruthy();
    const card = sentBody().rateCard as ShippingSettings['rateCard'];
    expect(card).toEqual({
      slabs: [
        { upToGrams: 500, rates: zones(40, 50, 65, 70, 90) },
        { upToGrams: 1000, rates: zones(60, 75, 90, 105, 135) },
      ],
      extraPer500g: zones(25, 30, 35, 40, 55),
      freeAbove: null,
      codFee: 40,
      codFeePercent: 2,
    });
  });

  it('adds a slab 500 g above the last and removes any row but the only one', async () => {
    const user = userEvent.setup();
    settings = WITH_CARD;
    const simple = await openPage();
    expect((simple as HTMLInputElement).checked).toBe(false);
    expect(slabWeights()).toEqual(['250']);
    expect((screen.getByRole('button', { name: 'Remove the row up to 250 g' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Add a weight slab' }));
    await user.click(screen.getByRole('button', { name: 'Add a weight slab' }));
    expect(slabWeights()).toEqual(['250', '750', '1250']);
    await user.click(screen.getByRole('button', { name: 'Remove the row up to 750 g' }));
    expect(slabWeights()).toEqual(['250', '1250']);

    // The new row's rates are empty: the page says which, and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    const problems = await screen.findByRole('list', { name: 'Problems in the rate table' });
    expect(within(problems).getByText('Within city, up to 1250 g: Must be a number')).toBeTruthy();
    expect(cell('Within city, up to 1250 g (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove the row up to 1250 g' }));
    expect(screen.queryByRole('list', { name: 'Problems in the rate table' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    await screen.findByText('Shipping settings saved.');
    expect((sentBody().rateCard as { slabs: unknown[] }).slabs).toEqual([
      { upToGrams: 250, rates: zones(30, 40, 50, 60, 80) },
    ]);
  });

  it('sends a null rate card when the owner goes back to SPEC’s rule', async () => {
    const user = userEvent.setup();
    settings = WITH_CARD;
    await user.click(await openPage());
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    await screen.findByText('Shipping settings saved.');
    expect(sentBody().rateCard).toBeNull();
    expect((screen.getByRole('checkbox', { name: /SPEC's simple rule/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('ShippingPage, COD and dispatch', () => {
  it('sends empty optional figures as null, and the holidays added', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.clear(screen.getByLabelText('COD up to (₹)'));
    await user.type(screen.getByLabelText('COD up to (₹)'), '20000');
    await user.type(screen.getByLabelText('Confirm COD orders above (₹)'), '5000');
    await user.click(screen.getByRole('checkbox', { name: 'Confirm COD orders from unproven phones' }));
    await user.type(screen.getByLabelText('Date'), '2026-11-09');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await user.type(screen.getByLabelText('Date'), '2026-11-08');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await user.type(screen.getByLabelText('Date'), '2026-12-25');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await user.click(screen.getByRole('button', { name: /^Remove the holiday 25/ }));
    await user.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    await screen.findByText('Shipping settings saved.');
    expect(sentBody()).toMatchObject({
      rateCard: null,
      codMax: 20000,
      codConfirmAbove: 5000,
      codConfirmUnproven: false,
      originPincode: null,
      cutoffTime: '14:00',
      holidays: ['2026-11-08', '2026-11-09'],
    });
  });

  it('shows the server’s "field: problem" beside that field, a nested one in the table', async () => {
    const user = userEvent.setup();
    settings = WITH_CARD;
    putReply = () => jsonReply({ message: 'originPincode must be a 6-digit pincode', code: 'VALIDATION_FAILED' }, 400);
    await openPage();
    await user.type(screen.getByLabelText('Pickup pincode'), '110001');
    await user.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    const pincode = screen.getByLabelText('Pickup pincode');
    expect(await screen.findByText('Must be a 6-digit pincode')).toBeTruthy();
    expect(pincode.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Shipping settings saved.')).toBeNull();

    putReply = () =>
      jsonReply(
        { message: 'rateCard.slabs.0.rates.metro: rates.metro must be at most 1000000', code: 'VALIDATION_FAILED' },
        400,
      );
    await user.click(screen.getByRole('button', { name: 'Save shipping settings' }));
    expect(await screen.findByText('Metro to metro, up to 250 g: Must be at most 1000000')).toBeTruthy();
    expect(cell('Metro to metro, up to 250 g (₹)').getAttribute('aria-invalid')).toBe('true');
  });
});
