import { lazy, type ComponentType } from 'react';
import type { MessageKey } from '../../i18n/index.tsx';

export { FaqList } from './faq-list.tsx';
export { faqs, type Faq } from './faqs.ts';
export { shopContact, shopPolicy, usePolicy } from './shop-details.ts';

/** The static pages (SPEC §2), each with a Go Back link to home; loaded when first opened. */
export const contentPages: Array<{ path: string; Component: ComponentType }> = [
  {
    path: '/terms-and-conditions',
    Component: lazy(() => import('./pages/terms-page.tsx').then((m) => ({ default: m.TermsPage }))),
  },
  { path: '/faqs', Component: lazy(() => import('./pages/faq-page.tsx').then((m) => ({ default: m.FaqPage }))) },
  {
    path: '/customization',
    Component: lazy(() => import('./pages/customization-page.tsx').then((m) => ({ default: m.CustomizationPage }))),
  },
  {
    path: '/contact-us',
    Component: lazy(() => import('./pages/contact-page.tsx').then((m) => ({ default: m.ContactPage }))),
  },
  {
    path: '/shipping-and-return',
    Component: lazy(() =>
      import('./pages/shipping-returns-page.tsx').then((m) => ({ default: m.ShippingReturnsPage })),
    ),
  },
  {
    path: '/energization',
    Component: lazy(() => import('./pages/energization-page.tsx').then((m) => ({ default: m.EnergizationPage }))),
  },
  {
    path: '/privacy-policy',
    Component: lazy(() => import('./pages/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage }))),
  },
];

/** The footer's policy links, one per static page: `label` in English, `labelKey` its text in any language. */
export const footerPolicyLinks: Array<{ to: string; label: string; labelKey: MessageKey }> = [
  { to: '/faqs', label: 'FAQs', labelKey: 'content.link.faqs' },
  { to: '/shipping-and-return', label: 'Shipping and Returns', labelKey: 'content.link.shippingReturns' },
  { to: '/customization', label: 'Customization', labelKey: 'content.link.customization' },
  { to: '/energization', label: 'Energization', labelKey: 'content.link.energization' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions', labelKey: 'content.link.terms' },
  { to: '/privacy-policy', label: 'Privacy Policy', labelKey: 'content.link.privacy' },
  { to: '/contact-us', label: 'Contact Us', labelKey: 'content.link.contact' },
];
