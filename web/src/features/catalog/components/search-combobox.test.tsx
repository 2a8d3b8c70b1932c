import type { ProductSuggestions } from '@rr/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { SearchCombobox } from './search-combobox.tsx';

const fetchMock = vi.fn<typeof fetch>();
const suggestions: ProductSuggestions = {
  categories: [{ slug: 'gems', name: 'Gems' }],
  products: [
    {
      _id: 'p-blue',
      name: 'Blue Sapphire (Neelam)',
      nameHi: 'नीलम (ब्लू सफ़ायर)',
      image: '/x.svg',
      category: 'gems',
      price: 25000,
    },
    { _id: 'p-iolite', name: 'Iolite (Neeli)', nameHi: '', image: '/x.svg', category: 'gems', price: 1800 },
  ],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderBox() {
  return renderInApp(
    <>
      <SearchCombobox />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
  );
}

const input = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Search products' });
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => jsonReply(suggestions));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function typeAndWait(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(input(), text);
  await screen.findByRole('option', { name: /Blue Sapphire/ });
}

describe('SearchCombobox', () => {
  it('asks for suggestions once typing pauses, and lists them in a listbox tied to the input', async () => {
    const user = userEvent.setup();
    renderBox();
    await typeAndWait(user, 'neelam');
    // One request for the settled text, not one per key.
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual(['/api/products/suggest?q=neelam']);
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'GemsCollection',
      'Blue Sapphire (Neelam)₹25,000.00',
      'Iolite (Neeli)₹1,800.00',
    ]);
  });

  it('moves through the suggestions with the arrow keys and opens the highlighted one with Enter', async () => {
    const user = userEvent.setup();
    renderBox();
    await typeAndWait(user, 'neel');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    const [category, blue, iolite] = screen.getAllByRole('option');
    expect(input().getAttribute('aria-activedescendant')).toBe(category!.id);
    expect(category!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input().getAttribute('aria-activedescendant')).toBe(iolite!.id);
    await user.keyboard('{ArrowUp}');
    expect(input().getAttribute('aria-activedescendant')).toBe(blue!.id);
    expect(blue!.getAttribute('aria-selected')).toBe('true');
    expect(iolite!.getAttribute('aria-selected')).toBe('false');

    await user.keyboard('{Enter}');
    expect(where()).toBe('/product/p-blue');
    expect(screen.queryByRole('option')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('wraps past the ends through the typed text, and Enter without a highlight searches for the text', async () => {
    const user = userEvent.setup();
    renderBox();
    await typeAndWait(user, 'neelam');
    await user.keyboard('{ArrowUp}');
    const options = screen.getAllByRole('option');
    expect(input().getAttribute('aria-activedescendant')).toBe(options.at(-1)!.id);
    await user.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{Enter}');
    expect(where()).toBe('/search/neelam');
  });

  it('closes the list with Escape, and clears the text with a second Escape', async () => {
    const user = userEvent.setup();
    renderBox();
    await typeAndWait(user, 'neelam');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    expect(input().value).toBe('neelam');

    // Enter after Escape searches for the text, not the suggestion that was highlighted.
    await user.keyboard('{Enter}');
    expect(where()).toBe('/search/neelam');

    await user.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}{Escape}');
    expect(input().value).toBe('');
  });

  it('opens a suggestion that is clicked', async () => {
    const user = userEvent.setup();
    renderBox();
    await typeAndWait(user, 'neelam');
    await user.click(screen.getByRole('option', { name: /Gems/ }));
    expect(where()).toBe('/category/gems');
  });

  it('asks nothing for one letter', async () => {
    const user = userEvent.setup();
    renderBox();
    await user.type(input(), 'n');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('speaks Hindi on a Hindi page: Hindi names where written, else the English ones (issue 30)', async () => {
    const user = userEvent.setup();
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <SearchCombobox />
      </LanguageProvider>,
    );
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'उत्पाद खोजें' });
    expect(box.placeholder).toBe('रुद्राक्ष, रत्न, माला खोजें...');
    expect(screen.getByRole('button', { name: 'खोजें' })).toBeTruthy();
    await user.type(box, 'नीलम');
    await screen.findByRole('option', { name: /नीलम/ });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'रत्नसंग्रह',
      'नीलम (ब्लू सफ़ायर)₹25,000.00',
      'Iolite (Neeli)₹1,800.00',
    ]);
    expect(screen.getByRole('listbox', { name: 'सुझाव' })).toBeTruthy();
  });
});
