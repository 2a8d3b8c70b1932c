import { createContext, useContext } from 'react';

/**
 * Server rendering: what the rendered page tells the server: its HTTP status (a page that renders
 * NotFoundPage sets 404), and the title and description it gives the document (`usePageTitle`).
 */
export interface RenderStatus {
  status: number;
  title?: string;
  description?: string;
}
export const RenderStatusContext = createContext<RenderStatus | null>(null);

export function useRenderStatus(status: number): void {
  const render = useContext(RenderStatusContext);
  if (render) render.status = status;
}
