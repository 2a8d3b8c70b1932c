import { metaDescription } from '@rr/core';
import { useContext, useEffect } from 'react';
import { RenderStatusContext } from '../lib/render-status.ts';

export const SHOP_NAME = 'Rudraksha Ratna';

/**
 * Sets the exact document title (and, when given, the meta description, on one line and cut at a word
 * when long) while the page is shown.
 */
export function usePageTitle(title: string, fullDescription?: string): void {
  const description = fullDescription && metaDescription(fullDescription);
  // On the server, the page's head is written from them.
  const render = useContext(RenderStatusContext);
  if (render) Object.assign(render, { title, description });
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
