// The newsletter feature's public face.
import { lazy } from 'react';
import { nearScreen } from '../../lib/near-screen.ts';

/**
 * Loaded when the footer's form comes near the screen (decision 0066): its code and its form validation
 * are not part of a page's first load (its styles are: vite.config.ts). Until then the server's form stays
 * as it was drawn; a subscription sent before it is live is held by early.js and sent once it is
 * (lib/early-form.ts).
 */
export const NewsletterForm = lazy(() =>
  // The whole form: a finger or a keyboard reaches its box and button, not its heading.
  nearScreen(typeof document === 'undefined' ? null : document.getElementById('newsletter-title')?.closest('form'))
    .then(() => import('./newsletter-form.tsx'))
    .then((m) => ({ default: m.NewsletterForm })),
);
