// The storefront's texts for the static pages (issue 30): their titles, the FAQ, and the shop's service
// promises as the pages quote them. The pages' long prose is in the page modules (English) and in
// features/content/hindi (Hindi), loaded only on Hindi pages.
export const content = {
  'content.back': 'Go Back',
  'content.contact.hours': 'Monday to Saturday, 10:00 to 18:00 IST',
  'content.policy.customMaking': '3 to 4 weeks',
  'content.policy.damageReport': '7 days of delivery',
  'content.policy.delivery': '10 to 14 business days',
  'content.policy.dispatch': '3 business days',
  'content.contact.heading': 'Contact Us',
  'content.contact.description':
    'Reach Rudraksha Ratna by e-mail at {email} or on {phone}, {hours}. Offices in Varanasi and Haridwar.',
  'content.customization.heading': 'Customization',
  'content.customization.description':
    'Custom rudraksha combinations, silver or gold caps, bracelets to your size and malas of any length, made in {customMaking}. Order by e-mail or helpline.',
  'content.energization.heading': 'Free Rudraksha Energization',
  'content.energization.description':
    'Free touch energization of every rudraksha, bracelet and mala: what it is, how our priest performs it, and how to ask for it with your order.',
  'content.faq.heading': 'Frequently Asked Questions',
  'content.faq.description':
    'Answers about rudraksha, who can wear it and how to care for it, lab certificates, free energization, payment, shipping times, cancellation and returns.',
  'content.privacy.heading': 'Privacy Policy',
  'content.privacy.description':
    'What personal data Rudraksha Ratna collects, why, who it is shared with, how long it is kept, and your rights under the Digital Personal Data Protection Act, 2023.',
  'content.shippingReturns.heading': 'Shipping and Returns',
  'content.shippingReturns.description':
    'Dispatch within {dispatch}, delivery across India in {delivery}, free shipping above {freeShippingAbove}, and what to do if an item arrives damaged.',
  'content.terms.heading': 'Terms and Conditions',
  'content.terms.description':
    'The terms for buying rudraksha, gemstones and malas from Rudraksha Ratna: prices in INR, orders, cancellation, damaged items, custom orders and governing law.',
  'content.faq.title': 'Frequently Asked Questions',
  'content.faq.listLabel': 'Frequently asked questions',
  'content.faq.whatIs.question': 'What is rudraksha?',
  'content.faq.whatIs.answer':
    'Rudraksha is the dried seed of the Elaeocarpus ganitrus tree, which grows in the Himalayan foothills of Nepal and India and in parts of South-East Asia. Natural grooves divide its surface into faces called mukhis, usually from 1 to 21, and each bead is named by its count, such as 5 mukhi. In Hindu tradition it is sacred to Lord Shiva and is worn as a bead, bracelet or mala, or used for japa (counting mantras).',
  'content.faq.whoCanWear.question': 'Who can wear rudraksha?',
  'content.faq.whoCanWear.answer':
    'Anyone can wear rudraksha, whatever their age, gender or faith. The 5 mukhi bead is the usual choice for everyday wear and for a first rudraksha. Other mukhis are traditionally chosen for a particular deity, planet or purpose: call our helpline if you are unsure, or ask your astrologer. Rudraksha and gemstones are articles of faith and are not a substitute for medical advice.',
  'content.faq.care.question': 'How do I care for my rudraksha?',
  'content.faq.care.answer':
    'Take it off before bathing or swimming and keep soap, perfume and chemicals away from it. Every few weeks, clean the grooves with a soft brush and plain water and let the bead dry in the shade. Rubbing in a few drops of sandalwood or olive oil every few months stops it from drying out and cracking. Store it in a clean cloth pouch when you are not wearing it, and restring it when the thread looks worn.',
  'content.faq.genuine.question': 'Are your rudrakshas and gemstones genuine? Do you give lab certificates?',
  'content.faq.genuine.answer':
    'Yes. We check every bead by hand for natural mukhis before it is listed, and every gemstone is sent with a certificate from an independent gem-testing laboratory stating the stone, its weight and any treatment. For a rudraksha, ask for a lab certificate when you order: the laboratory X-rays the bead, and the number of seed chambers inside should match the number of mukhis. Home tests such as floating the bead in water or spinning it between two coins prove nothing either way.',
  'content.faq.energization.question': 'What is energization? Does it cost extra?',
  'content.faq.energization.answer':
    'Touch energization is a short puja in which our priest chants the mantra for your bead while holding it. It is free for every rudraksha, bracelet and mala we sell. Ask for it by e-mail or on the helpline, quoting your order number, before your order is dispatched.',
  'content.faq.energization.more': 'How energization is done',
  'content.faq.payment.question': 'How can I pay?',
  'content.faq.payment.answer':
    'Choose Cash on Delivery, or pay online with a card, UPI, net banking or a wallet through our payment gateway, Razorpay. Paying online gives you an instant {onlineDiscountPercent}% discount on the items price, shown in the order summary before you pay. Custom orders must be paid in full in advance.',
  'content.faq.charges.question': 'How much are shipping and tax?',
  'content.faq.charges.answer':
    'Shipping is free when your items total more than {freeShippingAbove}; otherwise it is {shippingFee}. Tax of {taxPercent}% of the items price is added at checkout. You see the items, shipping, tax, any discount and the total before you place the order.',
  'content.faq.delivery.question': 'How long will delivery take?',
  'content.faq.delivery.answer':
    'We dispatch within {dispatch} of your payment (for Cash on Delivery, of your order), and delivery takes {delivery} after dispatch, depending on your pincode. We ship only to addresses in India.',
  'content.faq.delivery.more': 'Shipping and returns in full',
  'content.faq.cancel.question': 'Can I cancel my order?',
  'content.faq.cancel.answer':
    'Yes, until it is dispatched. Contact us by e-mail or on the helpline with your order number and we will cancel it; if you paid online, the full amount goes back to your original payment method. A dispatched order can no longer be cancelled, and a custom order cannot be cancelled once we have started making it.',
  'content.faq.damaged.question': 'What if my order arrives damaged, or is not what I ordered?',
  'content.faq.damaged.answer':
    'Tell us within {damageReport}, with your order number, photos and your unboxing video, and we will replace the item or refund you. Custom-made pieces are replaced or refunded only when they arrive damaged or defective.',
  'content.faq.damaged.more': 'Returns and refunds',
  'content.faq.custom.question': 'Can you make a custom mala, bracelet or combination?',
  'content.faq.custom.answer':
    'Yes: bead combinations, silver or gold caps, bracelets to your wrist size and malas of the length you want. Order by e-mail or on the helpline; custom pieces are paid 100% in advance (no Cash on Delivery, no part payment) and take {customMaking} to make.',
  'content.faq.custom.more': 'Custom orders',
  'content.faq.contact.question': 'How do I reach you?',
  'content.faq.contact.answer':
    'E-mail {email} or call {phone}, {hours}. Please quote your order number if you are asking about an order.',
  'content.faq.contact.more': 'Contact details and office addresses',
} as const;
