// The newsletter feature's public face.
import { lazy } from 'react';

/** Loaded after the page (its form validation is not part of the home page's JavaScript). */
export const NewsletterForm = lazy(() => import('./newsletter-form.tsx').then((m) => ({ default: m.NewsletterForm })));
