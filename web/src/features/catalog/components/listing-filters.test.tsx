import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { FilteredListing } from './listing-filters.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(jsonReply({ message: 'Not now' }, 503));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** The address the listing is at: what a filter changes. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function openListing(path = '/search') {
  renderInApp(
    <>
      <FilteredListing firstPageHref="/search">
        <p>Cards</p>
      </FilteredListing>
      <Address />
    </>,
    path,
  );
}

function applyPrice(min: string, max: string) {
  fireEvent.input(screen.getByLabelText('Minimum price'), { target: { value: min } });
  fireEvent.input(screen.getByLabelText('Maximum price'), { target: { value: max } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
}

describe('the price filter', () => {
  it('applies a range written the Indian way (2,500 to 10,000) to the address', () => {
    openListing();
    applyPrice('2,500', '10,000');
    expect(screen.getByTestId('address').textContent).toBe('/search?minPrice=2500&maxPrice=10000');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a minimum above the maximum beside the fields, and leaves the listing as it was', () => {
    openListing('/search?minPrice=100');
    applyPrice('5000', '500');
    expect(screen.getByRole('alert').textContent).toBe('The minimum price is above the maximum.');
    expect(screen.getByLabelText('Minimum price').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('address').textContent).toBe('/search?minPrice=100');

    // Put right, it applies and the message goes.
    applyPrice('500', '5000');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('address').textContent).toBe('/search?minPrice=500&maxPrice=5000');
  });

  it('refuses a price that is not a number of rupees', () => {
    openListing();
    applyPrice('cheap', '');
    expect(screen.getByRole('alert').textContent).toBe('Enter prices in rupees, like 500 or 2,500.');
    expect(screen.getByTestId('address').textContent).toBe('/search');
  });
});
