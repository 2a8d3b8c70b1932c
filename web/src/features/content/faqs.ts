import { shopContact, shopPolicy } from './shop-details.ts';

export interface Faq {
  question: string;
  answer: string;
  /** A page with the full details, linked under the answer. */
  more?: { to: string; label: string };
}

export const faqs: readonly Faq[] = [
  {
    question: 'What is rudraksha?',
    answer:
      'Rudraksha is the dried seed of the Elaeocarpus ganitrus tree, which grows in the Himalayan foothills of Nepal and India and in parts of South-East Asia. Natural grooves divide its surface into faces called mukhis, usually from 1 to 21, and each bead is named by its count, such as 5 mukhi. In Hindu tradition it is sacred to Lord Shiva and is worn as a bead, bracelet or mala, or used for japa (counting mantras).',
  },
  {
    question: 'Who can wear rudraksha?',
    answer:
      'Anyone can wear rudraksha, whatever their age, gender or faith. The 5 mukhi bead is the usual choice for everyday wear and for a first rudraksha. Other mukhis are traditionally chosen for a particular deity, planet or purpose: call our helpline if you are unsure, or ask your astrologer. Rudraksha and gemstones are articles of faith and are not a substitute for medical advice.',
  },
  {
    question: 'How do I care for my rudraksha?',
    answer:
      'Take it off before bathing or swimming and keep soap, perfume and chemicals away from it. Every few weeks, clean the grooves with a soft brush and plain water and let the bead dry in the shade. Rubbing in a few drops of sandalwood or olive oil every few months stops it from drying out and cracking. Store it in a clean cloth pouch when you are not wearing it, and restring it when the thread looks worn.',
  },
  {
    question: 'Are your rudrakshas and gemstones genuine? Do you give lab certificates?',
    answer:
      'Yes. We check every bead by hand for natural mukhis before it is listed, and every gemstone is sent with a certificate from an independent gem-testing laboratory stating the stone, its weight and any treatment. For a rudraksha, ask for a lab certificate when you order: the laboratory X-rays the bead, and the number of seed chambers inside should match the number of mukhis. Home tests such as floating the bead in water or spinning it between two coins prove nothing either way.',
  },
  {
    question: 'What is energization? Does it cost extra?',
    answer:
      'Touch energization is a short puja in which our priest chants the mantra for your bead while holding it. It is free for every rudraksha, bracelet and mala we sell. Ask for it by e-mail or on the helpline, quoting your order number, before your order is dispatched.',
    more: { to: '/energization', label: 'How energization is done' },
  },
  {
    question: 'How can I pay?',
    answer: `Choose Cash on Delivery, or pay online with a card, UPI, net banking or a wallet through our payment gateway, Razorpay. Paying online gives you an instant ${shopPolicy.onlineDiscountPercent}% discount on the items price, shown in the order summary before you pay. Custom orders must be paid in full in advance.`,
  },
  {
    question: 'How much are shipping and tax?',
    answer: `Shipping is free when your items total more than ${shopPolicy.freeShippingAbove}; otherwise it is ${shopPolicy.shippingFee}. Tax of ${shopPolicy.taxPercent}% of the items price is added at checkout. You see the items, shipping, tax, any discount and the total before you place the order.`,
  },
  {
    question: 'How long will delivery take?',
    answer: `We dispatch within ${shopPolicy.dispatch} of your payment (for Cash on Delivery, of your order), and delivery takes ${shopPolicy.delivery} after dispatch, depending on your pincode. We ship only to addresses in India.`,
    more: { to: '/shipping-and-return', label: 'Shipping and returns in full' },
  },
  {
    question: 'Can I cancel my order?',
    answer:
      'Yes, until it is dispatched. Contact us by e-mail or on the helpline with your order number and we will cancel it; if you paid online, the full amount goes back to your original payment method. A dispatched order can no longer be cancelled, and a custom order cannot be cancelled once we have started making it.',
  },
  {
    question: 'What if my order arrives damaged, or is not what I ordered?',
    answer: `Tell us within ${shopPolicy.damageReport}, with your order number, photos and your unboxing video, and we will replace the item or refund you. Custom-made pieces are replaced or refunded only when they arrive damaged or defective.`,
    more: { to: '/shipping-and-return', label: 'Returns and refunds' },
  },
  {
    question: 'Can you make a custom mala, bracelet or combination?',
    answer: `Yes: bead combinations, silver or gold caps, bracelets to your wrist size and malas of the length you want. Order by e-mail or on the helpline; custom pieces are paid 100% in advance (no Cash on Delivery, no part payment) and take ${shopPolicy.customMaking} to make.`,
    more: { to: '/customization', label: 'Custom orders' },
  },
  {
    question: 'How do I reach you?',
    answer: `E-mail ${shopContact.email} or call ${shopContact.phoneDisplay}, ${shopContact.hours}. Please quote your order number if you are asking about an order.`,
    more: { to: '/contact-us', label: 'Contact details and office addresses' },
  },
];
