// Texts every storefront page shares: the header, the head, the categories (issue 30).
export const common = {
  'category.gems': 'Gems',
  'category.mala': 'Mala',
  'category.rudraksha': 'Rudraksha',
  'head.collection': '{label} Collection',
  'head.home': 'Home',
  'head.page': 'Page {page}',
  'head.search': 'Search: {keyword}',
  'head.shareAlt': 'Rudraksha Ratna: rudraksha, gems and malas',
  'head.shopDescription':
    'Authentic Nepal and Java rudraksha, lab-certified gemstones and handmade jaap malas, shipped across India. Cash on Delivery or 10% off when you pay online.',
  'language.switch': 'हिन्दी',
  'language.switchLabel': 'हिन्दी में देखें (Hindi)',
  'layout.skipToContent': 'Skip to content',
  'nav.cart': 'Cart',
  'nav.cartItems#one': '{count} item',
  'nav.cartItems#other': '{count} items',
  'nav.signIn': 'Sign In',
  // The footer's links to the static pages (on every page, so here rather than in content.ts).
  'content.link.contact': 'Contact Us',
  'content.link.customization': 'Customization',
  'content.link.energization': 'Energization',
  'content.link.faqs': 'FAQs',
  'content.link.privacy': 'Privacy Policy',
  'content.link.shippingReturns': 'Shipping and Returns',
  'content.link.terms': 'Terms and Conditions',
} as const;
