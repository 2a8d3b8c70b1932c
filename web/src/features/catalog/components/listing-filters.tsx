import { formatRupees, rattiFromCarats, type Category, type ListingFilterText } from '@rr/core';
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
 * A listing with its filter panel (issues 14, 25): sort, in stock, price range, mukhi, size, weight, planet
 * and origin, with counts
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
  const toggle = (key: 'mukhi' | 'origin' | 'size' | 'planet') => (value: string, on: boolean) =>
    set(key, toggled(filters[key], value, on));
  const numeric = (a: string, b: string) => Number(a) - Number(b);
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
        <RangeFilter
          legend="Price (₹, before GST)"
          name="price"
          keys={['minPrice', 'maxPrice']}
          filters={filters}
          range={data?.price}
          format={formatRupees}
          onApply={(min, max) => apply({ ...filters, minPrice: min, maxPrice: max })}
        />
        <FacetChecks
          legend="Mukhi"
          selected={filters.mukhi}
          counts={data?.mukhi}
          order={numeric}
          grid
          label={withHiddenUnit('Mukhi')}
          onToggle={toggle('mukhi')}
        />
        <FacetChecks
          legend="Size (mm)"
          selected={filters.size}
          counts={data?.size}
          order={numeric}
          grid
          label={withHiddenUnit('mm')}
          onToggle={toggle('size')}
        />
        <WeightFilter
          filters={filters}
          weight={data?.weight}
          onApply={(min, max) => apply({ ...filters, minCarats: min, maxCarats: max })}
        />
        <FacetChecks legend="Planet" selected={filters.planet} counts={data?.planet} onToggle={toggle('planet')} />
        <FacetChecks legend="Origin" selected={filters.origin} counts={data?.origin} onToggle={toggle('origin')} />
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

/** "5", read out as "5 Mukhi": the unit the group's legend already shows, for screen readers. */
const withHiddenUnit = (unit: string) =>
  function label(value: string) {
    return (
      <>
        {value}
        <span className="visually-hidden"> {unit}</span>
      </>
    );
  };

/**
 * A filter of several values (mukhi, size, planet, origin) with each value's count. Chosen values stay
 * listed (with 0) when the other filters leave none of them.
 */
function FacetChecks({
  legend,
  selected: text,
  counts,
  order,
  grid = false,
  label = (value) => value,
  onToggle,
}: {
  legend: string;
  selected: string | undefined;
  counts: Array<{ value: string | number; count: number }> | undefined;
  order?: (a: string, b: string) => number;
  grid?: boolean;
  label?: (value: string) => ReactNode;
  onToggle: (value: string, on: boolean) => void;
}) {
  const selected = valuesOf(text);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const values = [...(counts ?? []).map((c) => String(c.value))];
  for (const value of selected) if (!values.some((v) => same(v, value))) values.push(value);
  if (order) values.sort(order);
  if (values.length === 0) return null;
  const checks = values.map((value) => (
    <label key={value} className={styles.check}>
      <input
        type="checkbox"
        checked={selected.some((s) => same(s, value))}
        onChange={(e) => onToggle(value, e.target.checked)}
      />
      <span>{label(value)}</span>
      <span className={styles.count}>({counts?.find((c) => same(String(c.value), value))?.count ?? 0})</span>
    </label>
  ));
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {grid ? <div className={styles.grid}>{checks}</div> : checks}
    </fieldset>
  );
}

/** Gems' weight, once the listing holds gems of more than one weight. */
function WeightFilter({
  filters,
  weight,
  onApply,
}: {
  filters: ListingFilterText;
  weight: { min: number | null; max: number | null } | undefined;
  onApply: (min: string | undefined, max: string | undefined) => void;
}) {
  const chosen = filters.minCarats !== undefined || filters.maxCarats !== undefined;
  if (!chosen && (weight?.min == null || weight.max == null || weight.min === weight.max)) return null;
  return (
    <RangeFilter
      legend="Weight (carats)"
      name="weight"
      keys={['minCarats', 'maxCarats']}
      filters={filters}
      range={weight}
      format={(ct) => `${ct} ct (${rattiFromCarats(ct)} ratti)`}
      onApply={onApply}
    />
  );
}

/** A from-to filter (price, weight) applied with its own button. */
function RangeFilter<K extends 'minPrice' | 'maxPrice' | 'minCarats' | 'maxCarats'>({
  legend,
  name,
  keys,
  filters,
  range,
  format,
  onApply,
}: {
  legend: string;
  /** Names the form and its button ("Apply price"). */
  name: string;
  keys: readonly [K, K];
  filters: ListingFilterText;
  range: { min: number | null; max: number | null } | undefined;
  format: (value: number) => string;
  onApply: (min: string | undefined, max: string | undefined) => void;
}) {
  const earlyForm = useEarlyForm();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => String(data.get(key) ?? '').trim() || undefined;
    onApply(text(keys[0]), text(keys[1]));
  };
  const bounds = [
    { name: keys[0], label: `Minimum ${name}`, placeholder: 'Min', value: filters[keys[0]] },
    { name: keys[1], label: `Maximum ${name}`, placeholder: 'Max', value: filters[keys[1]] },
  ];
  return (
    <form
      ref={earlyForm}
      className={styles.group}
      onSubmit={submit}
      aria-label={name[0]!.toUpperCase() + name.slice(1)}
    >
      <fieldset className={styles.plain}>
        <legend>{legend}</legend>
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
            From {format(range.min)} to {format(range.max)}
          </p>
        )}
        <Button type="submit" variant="outline">
          Apply {name}
        </Button>
      </fieldset>
    </form>
  );
}
