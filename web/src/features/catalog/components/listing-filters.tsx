import { formatRupees, type Category, type ListingFilterText } from '@rr/core';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { useFacets } from '../api.ts';
import { filtersFrom, hrefWithFilters, toggled, valuesOf } from '../listing-filter-params.ts';
import styles from './listing-filters.module.css';
import { useEarlyForm } from '../../../lib/early-form.ts';

const SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Top rated' },
] as const;

interface ListingFiltersProps {
  keyword?: string;
  category?: Category;
  /** The listing's first page: a changed filter starts again there. */
  firstPageHref: string;
  children: ReactNode;
}

/** The listing filters from the address, for the product query. */
export function useListingFilters(): ListingFilterText {
  const [searchParams] = useSearchParams();
  return filtersFrom(searchParams);
}

/**
 * A listing with its filter panel (issue 14): sort, in stock, price range, mukhi and origin, with counts
 * from /api/products/facets. The state lives in the address, so a filtered page can be shared and paged.
 * A side panel on wide screens; a drawer opened by a Filters button on phones.
 */
export function FilteredListing({ keyword, category, firstPageHref, children }: ListingFiltersProps) {
  // Shown at once when changed (a checkbox follows the tap), then read again from the address.
  const fromAddress = useListingFilters();
  const addressKey = JSON.stringify(fromAddress);
  const [filters, setFilters] = useState(fromAddress);
  const [seenKey, setSeenKey] = useState(addressKey);
  if (seenKey !== addressKey) {
    setSeenKey(addressKey);
    setFilters(fromAddress);
  }
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const facets = useFacets({ keyword, category, ...filters });

  const apply = (next: ListingFilterText) => {
    setFilters(next);
    navigate(hrefWithFilters(firstPageHref, next));
  };
  const set = (key: keyof ListingFilterText, value: string | undefined) => apply({ ...filters, [key]: value });
  const active = Object.keys(filters).filter((key) => key !== 'sort').length;

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('button, select, input')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const sorts = SORTS.filter((s) => s.value !== 'relevance' || keyword);
  const sort = filters.sort && sorts.some((s) => s.value === filters.sort) ? filters.sort : sorts[0]!.value;
  const data = facets.data;
  const mukhiSelected = valuesOf(filters.mukhi);
  const originSelected = valuesOf(filters.origin);
  // Chosen values stay listed (with 0) when the other filters leave none of them.
  const mukhiValues = [...new Set([...(data?.mukhi ?? []).map((m) => String(m.value)), ...mukhiSelected])].sort(
    (a, b) => Number(a) - Number(b),
  );
  const originValues = [...new Set([...(data?.origin ?? []).map((o) => o.value), ...originSelected])];
  const countOf = (list: Array<{ value: string | number; count: number }> | undefined, value: string) =>
    list?.find((item) => String(item.value).toLowerCase() === value.toLowerCase())?.count ?? 0;

  return (
    <div className={styles.layout}>
      <div className={styles.bar}>
        <button
          ref={toggleRef}
          type="button"
          className={`btn btn-outline ${styles.toggle}`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(true)}
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </button>
        <label className={styles.sort}>
          <span>Sort by</span>
          <select className="input" value={sort} onChange={(e) => set('sort', e.target.value)}>
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {open && <div className={styles.backdrop} onClick={close} aria-hidden="true" />}
      <div
        ref={panelRef}
        id={panelId}
        className={`${styles.panel} ${open ? styles.open : ''}`}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-labelledby={headingId}
      >
        <div className={styles.panelHead}>
          <h2 id={headingId} className={styles.title}>
            Filters
          </h2>
          {open && (
            <button type="button" className={styles.close} onClick={close} aria-label="Close filters">
              ×
            </button>
          )}
        </div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={filters.inStock === 'true'}
            onChange={(e) => set('inStock', e.target.checked ? 'true' : undefined)}
          />
          <span>In stock only</span>
          {data && <span className={styles.count}>({data.inStock})</span>}
        </label>
        <PriceRange
          filters={filters}
          range={data?.price}
          onApply={(min, max) => apply({ ...filters, minPrice: min, maxPrice: max })}
        />
        {mukhiValues.length > 0 && (
          <fieldset className={styles.group}>
            <legend>Mukhi</legend>
            <div className={styles.grid}>
              {mukhiValues.map((value) => (
                <label key={value} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={mukhiSelected.includes(value)}
                    onChange={(e) => set('mukhi', toggled(filters.mukhi, value, e.target.checked))}
                  />
                  <span>
                    {value}
                    <span className="visually-hidden"> Mukhi</span>
                  </span>
                  <span className={styles.count}>({countOf(data?.mukhi, value)})</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {originValues.length > 0 && (
          <fieldset className={styles.group}>
            <legend>Origin</legend>
            {originValues.map((value) => (
              <label key={value} className={styles.check}>
                <input
                  type="checkbox"
                  checked={originSelected.some((o) => o.toLowerCase() === value.toLowerCase())}
                  onChange={(e) => set('origin', toggled(filters.origin, value, e.target.checked))}
                />
                <span>{value}</span>
                <span className={styles.count}>({countOf(data?.origin, value)})</span>
              </label>
            ))}
          </fieldset>
        )}
        <div className={styles.actions}>
          {active > 0 && (
            <Button variant="outline" onClick={() => apply({ sort: filters.sort })}>
              Clear filters
            </Button>
          )}
          {open && (
            <Button onClick={close}>
              Show {data ? `${data.total} ${data.total === 1 ? 'product' : 'products'}` : 'products'}
            </Button>
          )}
        </div>
      </div>
      <div className={styles.results}>{children}</div>
    </div>
  );
}

function PriceRange({
  filters,
  range,
  onApply,
}: {
  filters: ListingFilterText;
  range: { min: number | null; max: number | null } | undefined;
  onApply: (min: string | undefined, max: string | undefined) => void;
}) {
  const earlyForm = useEarlyForm();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => String(data.get(key) ?? '').trim() || undefined;
    onApply(text('minPrice'), text('maxPrice'));
  };
  const bounds = [
    { name: 'minPrice', label: 'Minimum price', placeholder: 'Min', value: filters.minPrice },
    { name: 'maxPrice', label: 'Maximum price', placeholder: 'Max', value: filters.maxPrice },
  ];
  return (
    <form ref={earlyForm} className={styles.group} onSubmit={submit} aria-label="Price">
      <fieldset className={styles.plain}>
        <legend>Price (₹, before GST)</legend>
        <div className={styles.price}>
          {bounds.map((bound, i) => (
            <Fragment key={bound.name}>
              {i > 0 && <span aria-hidden="true">to</span>}
              <label>
                <span className="visually-hidden">{bound.label}</span>
                {/* Keyed by the value in the address: a new address shows its value. */}
                <input
                  key={bound.value ?? ''}
                  className="input"
                  inputMode="decimal"
                  name={bound.name}
                  placeholder={bound.placeholder}
                  defaultValue={bound.value ?? ''}
                />
              </label>
            </Fragment>
          ))}
        </div>
        {range?.min != null && range.max != null && (
          <p className={styles.range}>
            From {formatRupees(range.min)} to {formatRupees(range.max)}
          </p>
        )}
        <Button type="submit" variant="outline">
          Apply price
        </Button>
      </fieldset>
    </form>
  );
}
