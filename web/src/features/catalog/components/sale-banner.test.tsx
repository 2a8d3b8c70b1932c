import { translate, type RunningSale } from '@rr/core';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { SaleBanner, saleBannerHref, saleBannerText } from './sale-banner.tsx';

const diwali: RunningSale = {
  _id: 's1',
  name: 'Diwali Sale',
  nameHi: '',
  percentOff: 20,
  banner: 'Diwali Sale: 20% off every rudraksha till 2 Nov',
  bannerHi: '',
  categories: ['rudraksha'],
  products: [],
  endsAt: '2026-11-02T18:29:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the home page’s sale banner (issue 26)', () => {
  it('links the first running sale’s banner text to its category', async () => {
    fetchMock.mockResolvedValue(jsonReply([diwali, { ...diwali, _id: 's2', banner: 'Another sale' }]));
    renderInApp(<SaleBanner />);
    const link = await screen.findByRole('link', { name: /Diwali Sale: 20% off every rudraksha till 2 Nov/ });
    expect(link.getAttribute('href')).toBe('/category/rudraksha');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/sales/current');
    expect(screen.queryByText('Another sale')).toBeNull();
  });

  it('shows the Hindi banner text on Hindi pages (issue 30), the English one where it has none', async () => {
    const hindiBanner = 'दिवाली सेल: 2 नवंबर तक हर रुद्राक्ष पर 20% की छूट';
    fetchMock.mockResolvedValue(jsonReply([{ ...diwali, nameHi: 'दिवाली सेल', bannerHi: hindiBanner }]));
    const hindi = renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <SaleBanner />
      </LanguageProvider>,
    );
    expect(await screen.findByRole('link', { name: new RegExp(hindiBanner) })).toBeTruthy();
    hindi.unmount();
    expect(saleBannerText({ ...diwali, nameHi: 'दिवाली सेल' }, (key) => key, 'hi')).toBe(diwali.banner);
  });

  it('shows nothing while no sale runs', async () => {
    fetchMock.mockResolvedValue(jsonReply([]));
    const { container } = renderInApp(<SaleBanner />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('says the name and percent when the banner is empty, and leads to the product, the category, or the sale’s own listing', () => {
    const inEnglish = (key: string, params?: Record<string, string | number>) => translate('en', en, key, params);
    const inHindi = (key: string, params?: Record<string, string | number>) => translate('hi', hi, key, params);
    expect(saleBannerText({ ...diwali, banner: ' ' }, inEnglish)).toBe('Diwali Sale: 20% off');
    expect(saleBannerText({ ...diwali, banner: ' ' }, inHindi)).toBe('Diwali Sale: 20% छूट');
    expect(saleBannerText({ ...diwali, banner: ' ', nameHi: 'दिवाली सेल' }, inHindi, 'hi')).toBe('दिवाली सेल: 20% छूट');
    expect(saleBannerText({ ...diwali, banner: ' ', nameHi: 'दिवाली सेल' }, inEnglish, 'en')).toBe(
      'Diwali Sale: 20% off',
    );
    expect(saleBannerHref({ ...diwali, categories: [], products: ['p1'] })).toBe('/product/p1');
    expect(saleBannerHref(diwali)).toBe('/category/rudraksha');
    // Issue 30: a sale of several products or categories leads to its own listing.
    expect(saleBannerHref({ ...diwali, categories: [], products: ['p1', 'p2'] })).toBe('/sale/s1');
    expect(saleBannerHref({ ...diwali, categories: ['gems', 'mala'] })).toBe('/sale/s1');
    expect(saleBannerHref({ ...diwali, products: ['p1'] })).toBe('/sale/s1');
  });
});
