import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { nepalBead } from '../../../testing/variant-product.ts';
import { ProductFacts } from './product-facts.tsx';

const inHindi = (ui: ReactNode) =>
  render(
    <LanguageProvider language="hi" texts={hi}>
      {ui}
    </LanguageProvider>,
  );

/** The facts table's rows as [label, value]. */
const rows = () =>
  screen.getAllByRole('row').map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]);

describe('product facts in Hindi (issue 30)', () => {
  it('names a planet and an origin of the fixed lists in Hindi', () => {
    inHindi(<ProductFacts product={nepalBead({ planet: 'Saturn', origin: 'Sri Lanka', mukhi: null })} />);
    expect(rows()).toEqual(
      expect.arrayContaining([expect.arrayContaining(['शनि']), expect.arrayContaining(['श्रीलंका'])]),
    );
    expect(document.body.textContent).not.toMatch(/Saturn|Sri Lanka/);
  });

  it('matches the fixed values whatever their case, and keeps an origin typed by the owner as typed', () => {
    inHindi(<ProductFacts product={nepalBead({ planet: 'jupiter', origin: 'Ratnapura mines', mukhi: null })} />);
    const values = rows().map(([, value]) => value);
    expect(values).toContain('बृहस्पति');
    expect(values).toContain('Ratnapura mines');
  });

  it('keeps the English page’s values as stored', () => {
    render(<ProductFacts product={nepalBead({ planet: 'Saturn', origin: 'Indonesia (Java)', mukhi: null })} />);
    const values = rows().map(([, value]) => value);
    expect(values).toEqual(expect.arrayContaining(['Saturn', 'Indonesia (Java)']));
  });
});
