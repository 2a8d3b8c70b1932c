import type { ListingFilterText } from '@rr/core';
import { FILTER_KEYS } from './api.ts';

/** The listing filters the address carries (issue 14): `?minPrice=300&mukhi=5,6&sort=price_asc`. */
export function filtersFrom(searchParams: URLSearchParams): ListingFilterText {
  const filters: ListingFilterText = {};
  for (const key of FILTER_KEYS) {
    const value = searchParams.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** `href` with the filters in its query (kept beside what it has, such as a category's `?page=`). */
export function hrefWithFilters(href: string, filters: ListingFilterText): string {
  const [path, query = ''] = href.split('?');
  const params = new URLSearchParams(query);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path!;
}

/** A comma-separated filter value as a list, and back. */
export const valuesOf = (text: string | undefined): string[] => (text ? text.split(',').filter(Boolean) : []);
export const toggled = (text: string | undefined, value: string, on: boolean): string | undefined => {
  const values = valuesOf(text).filter((v) => v !== value);
  if (on) values.push(value);
  return values.length ? values.join(',') : undefined;
};
