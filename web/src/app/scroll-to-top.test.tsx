import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top.ts';

function Moves() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate('/product/p1?variant=v2', { replace: true, state: { keepScroll: true } })}>
        Choose
      </button>
      <button onClick={() => navigate('/product/p2')}>Open</button>
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ScrollToTop', () => {
  it('keeps the place when the product page moves its variant in the address, and starts a new page at the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/product/p1']}>
        <ScrollToTop />
        <Moves />
      </MemoryRouter>,
    );
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
