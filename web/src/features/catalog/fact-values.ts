import { ORIGIN_SUGGESTIONS, PLANETS } from '@rr/core';
import type { Translate } from '../../i18n/index.tsx';

const same = (wanted: string) => (known: string) => known.toLowerCase() === wanted.trim().toLowerCase();

/**
 * A product fact's value in the page's language (issue 30): a planet (core's PLANETS) or one of the
 * origins the trade names (ORIGIN_SUGGESTIONS) has a text of its own; any other origin, typed by the
 * owner, shows as typed.
 */
export function factValueText(fact: 'planet' | 'origin', value: string, t: Translate): string {
  if (fact === 'planet') {
    const planet = PLANETS.find(same(value));
    return planet ? t(`product.planet.${planet}`) : value;
  }
  const origin = ORIGIN_SUGGESTIONS.find(same(value));
  return origin ? t(`product.origin.${origin}`) : value;
}
