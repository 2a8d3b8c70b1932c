import type { FormEvent, ReactNode } from 'react';
import styles from './list-search.module.css';

/**
 * A back-office list's search (orders, products): a labelled box and its button in one row that wraps on a
 * phone. A plain GET form to `action` (so it works before the app has loaded), or `onSubmit` with what was
 * typed, trimmed, when the page keeps the search in its own address.
 */
export function ListSearch({
  label,
  regionLabel,
  id,
  name,
  defaultValue,
  maxLength,
  placeholder,
  button,
  action,
  onSubmit,
  children,
}: {
  label: string;
  regionLabel: string;
  id: string;
  name: string;
  defaultValue: string;
  maxLength: number;
  placeholder: string;
  button: string;
  action: string;
  onSubmit?: (typed: string) => void;
  /** Hidden fields the search keeps (the chosen status). */
  children?: ReactNode;
}) {
  const submit = onSubmit
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const typed = new FormData(event.currentTarget).get(name);
        onSubmit(typeof typed === 'string' ? typed.trim() : '');
      }
    : undefined;
  return (
    <form role="search" aria-label={regionLabel} className={styles.search} action={action} onSubmit={submit}>
      {children}
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="search"
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        placeholder={placeholder}
      />
      <button type="submit" className="btn btn-outline">
        {button}
      </button>
    </form>
  );
}
