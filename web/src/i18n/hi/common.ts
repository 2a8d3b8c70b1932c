import type { common as en } from '../en/common.ts';

export const common: Record<keyof typeof en, string> = {
  'category.gems': 'रत्न',
  'category.mala': 'माला',
  'category.rudraksha': 'रुद्राक्ष',
  'head.collection': '{label} संग्रह',
  'head.home': 'होम',
  'head.page': 'पृष्ठ {page}',
  'head.search': 'खोज: {keyword}',
  'head.shareAlt': 'रुद्राक्ष रत्न: रुद्राक्ष, रत्न और मालाएँ',
  'head.shopDescription':
    'नेपाल और जावा के असली रुद्राक्ष, लैब-प्रमाणित रत्न और हाथ से बनी जाप मालाएँ, पूरे भारत में डिलीवरी। कैश ऑन डिलीवरी, या ऑनलाइन भुगतान पर 10% की छूट।',
  'language.switch': 'English',
  'language.switchLabel': 'View in English',
  'layout.skipToContent': 'मुख्य सामग्री पर जाएँ',
  'nav.cart': 'कार्ट',
  'nav.cartItems#one': '{count} वस्तु',
  'nav.cartItems#other': '{count} वस्तुएँ',
  'nav.signIn': 'साइन इन',
  // The footer's links to the static pages (on every page, so here rather than in content.ts).
  'content.link.contact': 'संपर्क करें',
  'content.link.customization': 'कस्टमाइज़ेशन',
  'content.link.energization': 'अभिमंत्रण',
  'content.link.faqs': 'सामान्य प्रश्न',
  'content.link.privacy': 'गोपनीयता नीति',
  'content.link.shippingReturns': 'शिपिंग और रिटर्न',
  'content.link.terms': 'नियम और शर्तें',
};
