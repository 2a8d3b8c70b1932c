import type { MessageKey } from '../../i18n/index.tsx';

export interface Faq {
  /** The texts' key: `content.faq.<id>.question`, `.answer` (and `.more` when linked). */
  id: string;
  /** A page with the full details, linked under the answer (its label is `content.faq.<id>.more`). */
  more?: string;
}

/** The shop's FAQ, in the order shown; the texts are in i18n/{en,hi}/content.ts. */
export const faqs: readonly Faq[] = [
  { id: 'whatIs' },
  { id: 'whoCanWear' },
  { id: 'care' },
  { id: 'genuine' },
  { id: 'energization', more: '/energization' },
  { id: 'payment' },
  { id: 'charges' },
  { id: 'delivery', more: '/shipping-and-return' },
  { id: 'cancel' },
  { id: 'damaged', more: '/shipping-and-return' },
  { id: 'custom', more: '/customization' },
  { id: 'contact', more: '/contact-us' },
];

export const faqKey = (faq: Faq, part: 'question' | 'answer' | 'more') => `content.faq.${faq.id}.${part}` as MessageKey;
