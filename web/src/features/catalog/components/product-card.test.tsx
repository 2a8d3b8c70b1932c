import type { ProductSummary } from '@rr/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { renderInApp } from '../../../testing/render.tsx';
import { ProductCard } from './product-card.tsx';

const bead: ProductSummary = {
  _id: '5d55a62b-0000-4000-8000-000000000001',
  name: 'Nepal 5 Mukhi Rudraksha',
  nameHi: '',
  descriptionHi: '',
  image: '/images/x.svg',
  description: '',
  brand: 'Rudraksha Ratna',
  category: 'rudraksha',
  price: 1500,
  mrp: 2000,
  countInStock: 4,
  isDraft: false,
  rating: 0,
  numReviews: 0,
  gstPercent: 3,
  priceFrom: null,
  sale: null,
};

describe('ProductCard', () => {
  it('shows the price and the MRP of a product with one price', () => {
    renderInApp(<ProductCard product={bead} />);
    const card = screen.getByRole('article');
    expect(card.textContent).toContain('₹1,500.00');
    expect(card.textContent).toContain('MRP ₹2,000.00');
    expect(card.textContent).not.toMatch(/from/i);
  });

  it('shows "from" the lowest variant price, without the default variant’s MRP, when the variants differ', () => {
    renderInApp(<ProductCard product={{ ...bead, priceFrom: 900 }} />);
    const card = screen.getByRole('article');
    expect(card.textContent).toMatch(/from\s*₹900\.00\s*\+ GST/);
    expect(card.textContent).not.toContain('₹1,500.00');
    expect(card.textContent).not.toContain('MRP');
  });

  const diwali = { _id: 's1', name: 'Diwali Sale', percentOff: 20, price: 1200, endsAt: '2026-11-02T18:29:00.000Z' };

  it('shows the sale price, the catalog price struck, the sale’s badge and the MRP saving from the sale price', () => {
    renderInApp(<ProductCard product={{ ...bead, sale: diwali }} />);
    const price = screen.getByRole('article').textContent ?? '';
    // ₹1,200 with 3% GST is ₹1,236: 38% under the MRP of ₹2,000 (the catalog price alone would be 22%).
    expect(price).toContain('₹1,200.00+ GSTWas ₹1,500.00Diwali Sale · 20% offMRP₹2,000.0038% off');
  });

  it('names the sale in Hindi on a Hindi page when it has a Hindi name, else in English (issue 30)', () => {
    const inHindi = (sale: typeof diwali & { nameHi?: string }) =>
      renderInApp(
        <LanguageProvider language="hi" texts={hi}>
          <ProductCard product={{ ...bead, sale }} />
        </LanguageProvider>,
      );
    const named = inHindi({ ...diwali, nameHi: 'दिवाली सेल' });
    expect(screen.getByRole('article').textContent).toContain('दिवाली सेल · 20% छूट');
    named.unmount();
    inHindi(diwali);
    expect(screen.getByRole('article').textContent).toContain('Diwali Sale · 20% छूट');
  });

  it('shows "from" the lowest variant’s sale price', () => {
    renderInApp(<ProductCard product={{ ...bead, priceFrom: 900, sale: { ...diwali, priceFrom: 720 } }} />);
    expect(screen.getByRole('article').textContent).toMatch(/from\s*₹720\.00\+ GSTWas ₹900\.00Diwali Sale · 20% off/);
  });
});
