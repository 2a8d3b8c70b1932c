import { useLanguage, useT } from '../../../i18n/index.tsx';
import { MAX_KEYWORD_LENGTH, formatRupees, type ProductSuggestions } from '@rr/core';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useSuggestions } from '../api.ts';
import { searchKeyword } from '../search-keyword.ts';
import styles from './search-combobox.module.css';
import { useEarlyForm } from '../../../lib/early-form.ts';

/** Suggestions wait for a pause in typing this long. */
export const SUGGEST_DEBOUNCE_MS = 200;

interface Option {
  id: string;
  href: string;
  label: string;
  detail: string;
}

/** The text after a pause in typing: suggestions are not asked for on every key. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The suggestions for what is typed (after a pause), as the list's options, in the page's language. */
function useSuggestionOptions(
  keyword: string,
  listId: string,
): { data: ProductSuggestions | undefined; options: Option[] } {
  const t = useT();
  const language = useLanguage();
  const typed = useDebounced(searchKeyword(keyword), SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(typed);
  const data = typed.length >= 2 ? suggestions.data : undefined;
  const options: Option[] = [
    ...(data?.categories ?? []).map((c) => ({
      id: `${listId}-category-${c.slug}`,
      href: `/category/${c.slug}`,
      label: t(`category.${c.slug}`),
      detail: t('search.collection'),
    })),
    ...(data?.products ?? []).map((p) => ({
      id: `${listId}-product-${p._id}`,
      href: `/product/${p._id}`,
      label: language === 'hi' ? p.nameHi || p.name : p.name,
      detail: formatRupees(p.price),
    })),
  ];
  return { data, options };
}

/**
 * The header search with suggestions (issue 14): the ARIA 1.2 combobox pattern. The input owns the
 * focus; arrow keys move through the suggestions (announced through aria-activedescendant), Enter opens
 * the highlighted one or searches for the text, Escape closes the list (and clears the text when the
 * list is already closed). A suggestion can also be clicked or tapped.
 */
export function SearchCombobox({
  inputClassName,
  buttonClassName,
  formClassName,
}: {
  inputClassName?: string;
  buttonClassName?: string;
  formClassName?: string;
}) {
  const earlyForm = useEarlyForm();
  const navigate = useNavigate();
  const match = useMatch('/search/:keyword/*');
  const current = match?.params.keyword ?? '';
  const [keyword, setKeyword] = useState(current);
  // The box follows the address's keyword when the address changes, not when the box first shows: an
  // effect on mount ran after the form was taken over (useEarlyForm) and emptied what the shopper had
  // typed before the app took the page over.
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setKeyword(current);
  }
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { data, options } = useSuggestionOptions(keyword, listId);
  const t = useT();
  const expanded = open && options.length > 0;
  // The highlighted suggestion is kept with the list it was chosen in, so a new list starts with nothing
  // highlighted. Not reset by an effect: Preact runs effects after the next frame, and a key pressed
  // before that would have its highlight taken away.
  const [highlight, setHighlight] = useState<{ list: typeof data; index: number }>({ list: undefined, index: -1 });
  const active = highlight.list === data ? highlight.index : -1;
  const setActive = (next: number | ((current: number) => number)) =>
    setHighlight((h) => ({
      list: data,
      index: typeof next === 'function' ? next(h.list === data ? h.index : -1) : next,
    }));

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (option: Option) => {
    close();
    navigate(option.href);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded ? options[active] : undefined;
    if (chosen) return go(chosen);
    close();
    const trimmed = keyword.trim();
    navigate(trimmed ? `/search/${encodeURIComponent(trimmed)}` : '/');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : options.length - 1);
        return;
      }
      // Past either end the highlight goes back to the text being typed.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) close();
      else setKeyword('');
    }
  };

  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  return (
    <form ref={earlyForm} role="search" className={formClassName} onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <div className={styles.wrap}>
        <input
          id="site-search"
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption?.id}
          className={inputClassName}
          placeholder={t('search.placeholder')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={close}
          maxLength={MAX_KEYWORD_LENGTH}
          autoComplete="off"
        />
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className={styles.list} hidden={!expanded}>
          {expanded &&
            options.map((option, i) => (
              <li
                key={option.id}
                id={option.id}
                role="option"
                aria-selected={i === active}
                className={`${styles.option} ${i === active ? styles.active : ''}`}
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(option);
                }}
                onMouseMove={() => setActive(i)}
              >
                <span className={styles.label}>{option.label}</span>
                <span className={styles.detail}>{option.detail}</span>
              </li>
            ))}
        </ul>
      </div>
      <button type="submit" className={buttonClassName}>
        {t('search.button')}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded ? t('search.status', { count: options.length }) : ''}
      </p>
    </form>
  );
}
