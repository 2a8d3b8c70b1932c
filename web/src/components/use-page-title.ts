import { useEffect } from 'react';

export const SHOP_NAME = 'Rudraksha Ratna';

/** Sets the exact document title (and, when given, the meta description) while the page is shown. */
export function usePageTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (meta) meta.content = previous;
    };
  }, [description]);
}
