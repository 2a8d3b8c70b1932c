import { useHydratedStore } from './ssr-state.ts';

/**
 * A small observable value kept in localStorage under `key`. Values that fail `parse`
 * (edited by hand, or from an older version) fall back to the initial value.
 */
export interface PersistedStore<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The value before anything is stored: what a server-rendered page shows, and what hydration starts from. */
  initial: T;
}

export function createPersistedStore<T>(key: string, initial: T, parse: (raw: unknown) => T | null): PersistedStore<T> {
  const listeners = new Set<() => void>();
  const read = (): T => {
    try {
      const raw = localStorage.getItem(key);
      return raw == null ? initial : (parse(JSON.parse(raw)) ?? initial);
    } catch {
      return initial;
    }
  };
  let value = read();
  const initialJson = JSON.stringify(initial);

  const notify = () => listeners.forEach((listener) => listener());
  // Keep several open tabs in step.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key) {
        value = read();
        notify();
      }
    });
  }

  return {
    initial,
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      try {
        const json = JSON.stringify(value);
        if (json === initialJson) localStorage.removeItem(key);
        else localStorage.setItem(key, json);
      } catch {
        // Storage full or blocked: the value still lives for this page.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** An object whose fields a stored value's reader can take apart: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function useStore<T>(store: PersistedStore<T>): T {
  return useHydratedStore(store.subscribe, store.get, () => store.initial);
}
