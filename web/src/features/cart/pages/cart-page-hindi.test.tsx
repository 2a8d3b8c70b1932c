import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { nepalBead } from '../../../testing/variant-product.ts';
import { CartPage } from './cart-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const openInHindi = (path: string) =>
  renderInApp(
    <LanguageProvider language="hi" texts={hi}>
      <Routes>
        <Route path="/cart/:id?" element={<CartPage />} />
      </Routes>
    </LanguageProvider>,
    path,
  );

describe('the cart page in Hindi (issue 30)', () => {
  it('shows an empty cart in Hindi', () => {
    openInHindi('/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'शॉपिंग कार्ट' })).toBeTruthy();
    expect(screen.getByText('आपका कार्ट ख़ाली है')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'उप-योग (0) वस्तु' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'चेकआउट करें' })).toHaveProperty('disabled', true);
  });

  it('says in Hindi, with the product’s Hindi name, that the chosen variant is out of stock', async () => {
    const bead = nepalBead({ nameHi: 'नेपाली पंचमुखी रुद्राक्ष' });
    vi.stubGlobal('fetch', () => Promise.resolve(jsonReply(bead)));
    openInHindi('/cart/p-nepal?variant=v18');
    expect(await screen.findByText(/नेपाली पंचमुखी रुद्राक्ष \(18 mm\) स्टॉक में नहीं है।/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'अपना कार्ट देखें' })).toBeTruthy();
  });
});
