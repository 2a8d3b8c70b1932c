import type { ProductSummary } from '@rr/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { ProductCard } from './product-card.tsx';

const summary = (over: Partial<ProductSummary> & { priceFrom?: number | null } = {}) =>
  ({
    _id: 'p1',
    name: 'Nepal 5 Mukhi Rudraksha',
    image: '/images/products/nepal-5.svg',
    description: '',
    brand: 'Nepal Origin',
    category: 'rudraksha',
    price: 1200,
    mrp: 2000,
    countInStock: 4,
    isDraft: false,
    rating: 4,
    numReviews: 2,
    gstPercent: 3,
    ...over,
  }) as ProductSummary;

describe('ProductCard', () => {
  it('says "from" the lowest variant price where the variants differ (issue 25)', () => {
    renderInApp(<ProductCard product={summary({ priceFrom: 899 })} />);
    expect(screen.getByRole('article').textContent).toContain('from ₹899.00');
    expect(screen.queryByText(/% off/)).toBeNull();
  });

  it('shows the price and saving as before otherwise', () => {
    renderInApp(<ProductCard product={summary({ priceFrom: null })} />);
    expect(screen.getByRole('article').textContent).toContain('₹1,200.00');
    expect(screen.getByRole('article').textContent).not.toContain('from');
    expect(screen.getByText(/% off/)).toBeTruthy();
  });
});
