import { categoryLabel } from '@rr/core';
import { useEffect, useId, useState } from 'react';
import { Message } from '../../../components/message.tsx';
import { useCategories, useProduct, useProducts } from '../../catalog/index.ts';
import styles from './offers.module.css';

const SEARCH_DELAY_MS = 300;
const RESULTS = 8;

interface ScopeProps {
  /** What the offer covers in words: "The code covers", "The sale covers". */
  legend: string;
  /** Shown under the lists: what an empty choice means. */
  hint: string;
  categories: readonly string[];
  products: readonly string[];
  onCategories: (slugs: string[]) => void;
  onProducts: (ids: string[]) => void;
  error?: string | undefined;
}

/** Categories as checkboxes and products picked by name, as chips. */
export function ScopeFields(props: ScopeProps) {
  const errorId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={props.error ? errorId : undefined}>
      <legend>{props.legend}</legend>
      <p className={styles.note}>{props.hint}</p>
      <CategoryChecks chosen={props.categories} onChange={props.onCategories} />
      <ProductPicker chosen={props.products} onChange={props.onProducts} />
      {props.error && (
        <p id={errorId} className={styles.error}>
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

function CategoryChecks({ chosen, onChange }: { chosen: readonly string[]; onChange: (slugs: string[]) => void }) {
  const categories = useCategories();
  if (categories.isPending) return <p className={styles.note}>Loading categories…</p>;
  if (categories.isError) return <Message variant="danger">{categories.error.message}</Message>;
  const toggle = (slug: string, on: boolean) =>
    onChange(on ? [...chosen, slug] : chosen.filter((chosenSlug) => chosenSlug !== slug));
  return (
    <div className={styles.checks} role="group" aria-label="Categories">
      {categories.data.map((category) => (
        <label key={category.slug} className={styles.checkChoice}>
          <input
            type="checkbox"
            checked={chosen.includes(category.slug)}
            onChange={(event) => toggle(category.slug, event.target.checked)}
          />
          {category.name}
        </label>
      ))}
    </div>
  );
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A search by name (the shop's product search, drafts included) whose results add chips. */
function ProductPicker({ chosen, onChange }: { chosen: readonly string[]; onChange: (ids: string[]) => void }) {
  const [typed, setTyped] = useState('');
  // Names of the products picked here; those saved before are looked up by their chips.
  const [names, setNames] = useState<Record<string, string>>({});
  const keyword = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const searchId = useId();
  const add = (id: string, name: string) => {
    setNames((known) => ({ ...known, [id]: name }));
    if (!chosen.includes(id)) onChange([...chosen, id]);
  };
  return (
    <div className={styles.picker}>
      <span className={styles.pickerLabel}>Products</span>
      {chosen.length > 0 ? (
        <ul className={styles.chips} aria-label="Products chosen">
          {chosen.map((id) => (
            <ProductChip
              key={id}
              id={id}
              name={names[id]}
              onRemove={() => onChange(chosen.filter((chosenId) => chosenId !== id))}
            />
          ))}
        </ul>
      ) : (
        <p className={styles.note}>No products chosen.</p>
      )}
      <label htmlFor={searchId} className={styles.searchLabel}>
        Find a product to add
      </label>
      <input
        id={searchId}
        type="search"
        className="input"
        autoComplete="off"
        placeholder="Name, e.g. 5 mukhi"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      {keyword.length >= 2 && <ProductResults keyword={keyword} chosen={chosen} onAdd={add} />}
    </div>
  );
}

function ProductResults({
  keyword,
  chosen,
  onAdd,
}: {
  keyword: string;
  chosen: readonly string[];
  onAdd: (id: string, name: string) => void;
}) {
  const found = useProducts({ keyword, limit: RESULTS, drafts: 'include' });
  if (found.isPending) return <p className={styles.note}>Searching…</p>;
  if (found.isError) return <Message variant="danger">{found.error.message}</Message>;
  if (found.data.products.length === 0) return <p className={styles.note}>No product matches “{keyword}”.</p>;
  return (
    <ul className={styles.results} aria-label={`Products matching ${keyword}`}>
      {found.data.products.map((product) => {
        const added = chosen.includes(product._id);
        return (
          <li key={product._id}>
            <button
              type="button"
              className={styles.result}
              disabled={added}
              aria-label={added ? `${product.name} (added)` : `Add ${product.name}`}
              onClick={() => onAdd(product._id, product.name)}
            >
              <span>{product.name}</span>
              <small>{added ? 'Added' : categoryLabel(product.category)}</small>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

type ChipProps = { id: string; name: string | undefined; onRemove: () => void };

function ProductChip({ id, name, onRemove }: ChipProps) {
  if (name === undefined) return <SavedProductChip id={id} onRemove={onRemove} />;
  return (
    <li className={styles.chip}>
      <span>{name}</span>
      <button type="button" className={styles.chipRemove} aria-label={`Remove ${name}`} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** A product chosen before this visit: its name, fetched. */
function SavedProductChip({ id, onRemove }: Omit<ChipProps, 'name'>) {
  const product = useProduct(id);
  const name = product.isPending ? 'Loading…' : product.isError ? 'A product no longer in the shop' : product.data.name;
  return <ProductChip id={id} name={name} onRemove={onRemove} />;
}
