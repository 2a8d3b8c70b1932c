import { useT } from '../../../i18n/index.tsx';
import {
  formatRupees,
  rangeProblem,
  rattiFromCarats,
  type Category,
  type ListingFilterText,
  type RangeProblem,
} from '@rr/core';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { useFacets } from '../api.ts';
import { filtersFrom, hrefWithFilters, toggled, valuesOf } from '../listing-filter-params.ts';
import { factValueText } from '../fact-values.ts';
import styles from './listing-filters.module.css';
import { useEarlyForm } from '../../../lib/early-form.ts';

const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const;

interface ListingFiltersProps {
  keyword?: string;
  category?: Category;
  /** A running sale's id (issue 30): the panel counts its products. */
  sale?: string;
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
export function FilteredListing({ keyword, category, sale, firstPageHref, children }: ListingFiltersProps) {
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
  const facets = useFacets({ keyword, category, sale, ...filters });
  const t = useT();

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
          {active > 0 ? t('catalog.filtersActive', { count: active }) : t('catalog.filters')}
        </button>
        <SortSelect keyword={keyword} chosen={filters.sort} onChoose={(value) => set('sort', value)} />
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
            {t('catalog.filters')}
          </h2>
          {open && (
            <button type="button" className={styles.close} onClick={close} aria-label={t('catalog.closeFilters')}>
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
          <span>{t('catalog.inStockOnly')}</span>
          {data && <span className={styles.count}>({data.inStock})</span>}
        </label>
        <RangeFilter
          legend={t('catalog.priceLegend')}
          name="price"
          keys={['minPrice', 'maxPrice']}
          filters={filters}
          range={data?.price}
          format={formatRupees}
          onApply={(min, max) => apply({ ...filters, minPrice: min, maxPrice: max })}
        />
        <FacetChecks
          legend={t('catalog.mukhi')}
          selected={filters.mukhi}
          counts={data?.mukhi}
          order={numeric}
          grid
          label={withHiddenUnit(t('catalog.mukhi'))}
          onToggle={toggle('mukhi')}
        />
        <FacetChecks
          legend={t('catalog.sizeLegend')}
          selected={filters.size}
          counts={data?.size}
          order={numeric}
          grid
          label={withHiddenUnit(t('catalog.mm'))}
          onToggle={toggle('size')}
        />
        <WeightFilter
          filters={filters}
          weight={data?.weight}
          onApply={(min, max) => apply({ ...filters, minCarats: min, maxCarats: max })}
        />
        <FacetChecks
          legend={t('catalog.planet')}
          selected={filters.planet}
          counts={data?.planet}
          label={(value) => factValueText('planet', value, t)}
          onToggle={toggle('planet')}
        />
        <FacetChecks
          legend={t('catalog.origin')}
          selected={filters.origin}
          counts={data?.origin}
          label={(value) => factValueText('origin', value, t)}
          onToggle={toggle('origin')}
        />
        <PanelActions
          total={data?.total}
          onClear={active > 0 ? () => apply({ sort: filters.sort }) : undefined}
          onShow={open ? close : undefined}
        />
      </div>
      <div className={styles.results}>{children}</div>
    </div>
  );
}

/** The sort box; "Best match" only for a search. */
function SortSelect({
  keyword,
  chosen,
  onChoose,
}: {
  keyword?: string;
  chosen: string | undefined;
  onChoose: (value: string) => void;
}) {
  const t = useT();
  const sorts = SORTS.filter((s) => s !== 'relevance' || keyword);
  const sort = chosen && sorts.some((s) => s === chosen) ? chosen : sorts[0]!;
  return (
    <label className={styles.sort}>
      <span>{t('catalog.sortBy')}</span>
      <select className="input" value={sort} onChange={(e) => onChoose(e.target.value)}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {t(`catalog.sort.${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Clear filters (when any is set) and, in the phone's drawer, Show n products. */
function PanelActions({ total, onClear, onShow }: { total?: number; onClear?: () => void; onShow?: () => void }) {
  const t = useT();
  return (
    <div className={styles.actions}>
      {onClear && (
        <Button variant="outline" onClick={onClear}>
          {t('catalog.clearFilters')}
        </Button>
      )}
      {onShow && (
        <Button onClick={onShow}>
          {total !== undefined ? t('catalog.showCount', { count: total }) : t('catalog.showProducts')}
        </Button>
      )}
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
  const t = useT();
  const chosen = filters.minCarats !== undefined || filters.maxCarats !== undefined;
  if (!chosen && (weight?.min == null || weight.max == null || weight.min === weight.max)) return null;
  return (
    <RangeFilter
      legend={t('catalog.weightLegend')}
      name="weight"
      keys={['minCarats', 'maxCarats']}
      filters={filters}
      range={weight}
      format={(ct) => t('catalog.weightValue', { carats: ct, ratti: rattiFromCarats(ct) })}
      onApply={onApply}
    />
  );
}

/**
 * A from-to filter (price, weight) applied with its own button; a pair it cannot apply is refused with
 * its reason beside the fields.
 */
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
  name: 'price' | 'weight';
  keys: readonly [K, K];
  filters: ListingFilterText;
  range: { min: number | null; max: number | null } | undefined;
  format: (value: number) => string;
  onApply: (min: string | undefined, max: string | undefined) => void;
}) {
  const earlyForm = useEarlyForm();
  const t = useT();
  const problemId = useId();
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // "2,500" as written in India reads as 2500.
    const text = (key: string) =>
      String(data.get(key) ?? '')
        .replace(/,/g, '')
        .trim() || undefined;
    const [min, max] = [text(keys[0]), text(keys[1])];
    const found = rangeProblem(name, min, max);
    setProblem(found);
    if (!found) onApply(min, max);
  };
  const bounds = [
    { name: keys[0], label: t(`catalog.minimum.${name}`), placeholder: t('catalog.min'), value: filters[keys[0]] },
    { name: keys[1], label: t(`catalog.maximum.${name}`), placeholder: t('catalog.max'), value: filters[keys[1]] },
  ];
  return (
    <form ref={earlyForm} className={styles.group} onSubmit={submit} aria-label={t(`catalog.range.${name}`)}>
      <fieldset className={styles.plain}>
        <legend>{legend}</legend>
        <div className={styles.price}>
          {bounds.map((bound, i) => (
            <Fragment key={bound.name}>
              {i > 0 && <span aria-hidden="true">{t('catalog.to')}</span>}
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
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? problemId : undefined}
                />
              </label>
            </Fragment>
          ))}
        </div>
        {problem && (
          <p id={problemId} className={styles.problem} role="alert">
            {t(`catalog.${problem}.${name}`)}
          </p>
        )}
        {range?.min != null && range.max != null && (
          <p className={styles.range}>{t('catalog.fromTo', { from: format(range.min), to: format(range.max) })}</p>
        )}
        <Button type="submit" variant="outline">
          {t(`catalog.apply.${name}`)}
        </Button>
      </fieldset>
    </form>
  );
}
