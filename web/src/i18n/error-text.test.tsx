import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { en } from './en.ts';
import { hi } from './hi.ts';
import { hiFirst } from './hi-first.ts';
import { LanguageProvider } from './index.tsx';
import { useErrorText } from './error-text.ts';

const errorTextIn = (language: 'en' | 'hi', texts = language === 'hi' ? hi : en) =>
  renderHook(() => useErrorText(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <LanguageProvider language={language} texts={texts}>
        {children}
      </LanguageProvider>
    ),
  }).result.current;

const refusal = (message: string, code: string | null) => new ApiError(message, 409, null, code);
/** A refusal with the figures the server sends beside its message (issue 30), and a Retry-After. */
const withFigures = (message: string, code: string, details: Record<string, number | string>, retryAfter = null) =>
  new ApiError(message, 409, retryAfter, code, details);

describe('an error of the API in the page’s language (issue 30)', () => {
  it('is the code’s Hindi text on a Hindi page, with the message’s rupee figure', () => {
    const text = errorTextIn('hi');
    expect(text(refusal('Add ₹1,250.50 more to use this code.', 'COUPON_MIN_ORDER'))).toBe(
      'यह कोड इस्तेमाल करने के लिए ₹1,250.50 का सामान और जोड़ें।',
    );
  });

  it('has Hindi for the payment refusals and the stock alert’s missing phone', () => {
    const text = errorTextIn('hi');
    expect(text(refusal('An online payment needs razorpay_order_id, …', 'PAYMENT_FIELDS_MISSING'))).toBe(
      'भुगतान का विवरण नहीं पहुँचा। कोई ऑर्डर नहीं दिया गया। कृपया फिर से कोशिश करें।',
    );
    expect(text(refusal('This payment does not match an order of yours. …', 'UNKNOWN_PAYMENT'))).toBe(
      'यह भुगतान आपके किसी ऑर्डर से मेल नहीं खाता। किसी ऑर्डर के लिए कोई राशि नहीं ली गई।',
    );
    expect(text(refusal('phone is required: the number to text', 'PHONE_REQUIRED'))).toBe(
      'स्टॉक में वापस आने पर संदेश भेजने के लिए कृपया फ़ोन नंबर दें।',
    );
  });

  it('says the figures the server sent as details: counts, limits, rupees, a pincode, a date (issue 30)', () => {
    const text = errorTextIn('hi');
    const short = { count: 3, product: 'Blue Sapphire (5.25 ratti)', productHi: 'नीलम (5.25 रत्ती)' };
    expect(text(withFigures('Only 3 of Blue Sapphire (5.25 ratti) left in stock.', 'NOT_ENOUGH_STOCK', short))).toBe(
      'नीलम (5.25 रत्ती) के स्टॉक में केवल 3 बचे हैं। कृपया मात्रा कम करें।',
    );
    // Issue 30: the product named, in English where it has no Hindi name.
    expect(
      text(withFigures('Rose Quartz Mala is out of stock.', 'OUT_OF_STOCK', { product: 'Rose Quartz Mala' })),
    ).toBe('Rose Quartz Mala स्टॉक में नहीं है।');
    expect(
      text(
        withFigures('Neelam sold out while you were ordering.', 'SOLD_OUT', { product: 'Neelam', productHi: 'नीलम' }),
      ),
    ).toBe('ऑर्डर करते समय नीलम बिक गया।');
    expect(text(withFigures('qty must be at most 10 of one product', 'LINE_QTY_LIMIT', { limit: 10 }))).toBe(
      'एक ऑर्डर में एक सामान की अधिकतम 10 मात्रा हो सकती है। कृपया कम करें।',
    );
    const unpaid = withFigures('Orders that are not paid yet are limited…', 'UNPAID_LIMIT', {
      maxItems: 12,
      maxAmount: 10000,
    });
    expect(text(unpaid)).toBe(
      'बिना भुगतान वाले ऑर्डर कुल 12 सामान और ₹10,000.00 तक सीमित हैं। कृपया ऑनलाइन भुगतान करें, या पहले के ऑर्डर पहुँचने दें।',
    );
    expect(text(withFigures('Prices changed…', 'PRICE_CHANGED', { amount: 613.6 }))).toContain(
      'अब यह ऑर्डर ₹613.60 का है',
    );
    expect(text(withFigures('Our couriers…', 'PINCODE_NOT_SERVICED', { pincode: '795001' }))).toContain(
      'पिनकोड 795001 पर',
    );
    expect(
      text(withFigures('This code can be used from …', 'COUPON_NOT_STARTED', { startsAt: '2099-01-01T04:30:00.000Z' })),
    ).toBe('यह कोड 1 जन॰ 2099, 10:00 am से इस्तेमाल हो सकता है।');
  });

  it('says how much store credit there is and how much was asked, from the checkout or the ledger', () => {
    const text = errorTextIn('hi');
    const atCheckout = withFigures(
      'Your store credit (₹10.00) does not cover this order (₹613.60)…',
      'STORE_CREDIT_SHORT',
      {
        creditAmount: 10,
        totalAmount: 613.6,
        askedAmount: 613.6,
      },
    );
    expect(text(atCheckout)).toBe('आपका स्टोर क्रेडिट (₹10.00) ₹613.60 चुकाने के लिए काफ़ी नहीं है: बाकी राशि ऑनलाइन चुकाएँ।');
    const inLedger = withFigures('The store credit (₹250.50) does not cover ₹300.00.', 'STORE_CREDIT_SHORT', {
      creditAmount: 250.5,
      askedAmount: 300,
    });
    expect(text(inLedger)).toBe('आपका स्टोर क्रेडिट (₹250.50) ₹300.00 चुकाने के लिए काफ़ी नहीं है: बाकी राशि ऑनलाइन चुकाएँ।');
  });

  it('says why an add-on was refused by the reason in its details, with the names in Hindi where sent', () => {
    const text = errorTextIn('hi');
    const refused = (message: string, details: Record<string, number | string>) =>
      text(withFigures(message, 'ADD_ON_REFUSED', details));
    expect(
      refused('Name for Energisation must be at most 5 characters.', {
        reason: 'fieldTooLong',
        field: 'Name',
        fieldHi: 'धारक का नाम',
        addOn: 'Energisation',
        addOnHi: 'अभिमंत्रण',
        maxLength: 5,
      }),
    ).toBe('अभिमंत्रण के लिए धारक का नाम अधिकतम 5 अक्षरों का हो सकता है।');
    expect(
      refused('Gotra is required for Energisation.', {
        reason: 'fieldRequired',
        field: 'Gotra',
        addOn: 'Energisation',
        addOnHi: 'अभिमंत्रण',
      }),
    ).toBe('कृपया अभिमंत्रण के लिए Gotra भरें।');
    expect(
      refused('An add-on chosen is not offered with Neelam (5 carat).', {
        reason: 'notOfferedWithVariant',
        product: 'Neelam',
        productHi: 'नीलम',
        variant: '5 carat',
        variantHi: '5 कैरेट',
      }),
    ).toBe('आपकी चुनी एक अतिरिक्त सेवा नीलम (5 कैरेट) के साथ उपलब्ध नहीं है। कृपया उसे हटाकर फिर से चुनें।');
    expect(
      refused('Energisation is required with Neelam.', {
        reason: 'addOnRequired',
        addOn: 'Energisation',
        product: 'Neelam',
        productHi: 'नीलम',
      }),
    ).toBe('नीलम के साथ Energisation ज़रूरी है। कृपया उसे सामान के पेज पर चुनें।');
    expect(refused('An add-on is chosen twice on one line.', { reason: 'chosenTwice' })).toBe(
      'एक सामान के साथ एक ही अतिरिक्त सेवा दो बार चुनी गई है। कृपया उसे एक बार चुनें।',
    );
  });

  it('says why an order cannot be cancelled or confirmed: delivered meanwhile, or not found', () => {
    const text = errorTextIn('hi');
    expect(text(refusal('A delivered order cannot be cancelled.', 'ORDER_DELIVERED'))).toBe(
      'यह ऑर्डर डिलीवर हो चुका है, अब रद्द नहीं हो सकता।',
    );
    expect(text(refusal('Order not found', 'ORDER_NOT_FOUND'))).toBe('यह ऑर्डर नहीं मिला।');
  });

  it('says how many of a product may be ordered before the phone is confirmed, or that none may, by its Hindi name', () => {
    const text = errorTextIn('hi');
    const some = withFigures('Only 2 of Neelam can be ordered with Cash on Delivery …', 'UNCONFIRMED_SHARE', {
      reason: 'onlyRoom',
      count: 2,
      product: 'Neelam',
      productHi: 'नीलम',
    });
    expect(text(some)).toBe(
      'फ़ोन की पुष्टि से पहले नीलम की केवल 2 मात्रा कैश ऑन डिलीवरी से ऑर्डर हो सकती है। कृपया कम लें, या ऑनलाइन भुगतान करें।',
    );
    const none = withFigures('Neelam cannot be ordered with Cash on Delivery …', 'UNCONFIRMED_SHARE', {
      reason: 'noRoom',
      count: 0,
      product: 'Neelam',
    });
    expect(text(none)).toBe(
      'फ़ोन की पुष्टि से पहले Neelam अभी कैश ऑन डिलीवरी से ऑर्डर नहीं हो सकता। कृपया ऑनलाइन भुगतान करें, या बाद में कोशिश करें।',
    );
  });

  it('tells an unknown code from a paused one by the reason, naming the code typed', () => {
    const text = errorTextIn('hi');
    const unknown = withFigures('There is no code DIWALI5. Please check it.', 'COUPON_INVALID', {
      reason: 'unknown',
      code: 'DIWALI5',
    });
    expect(text(unknown)).toBe('कोड DIWALI5 मौजूद नहीं है। कृपया जाँच लें।');
    const paused = withFigures('This code is not valid any more.', 'COUPON_INVALID', { reason: 'paused' });
    expect(text(paused)).toBe('यह कोड अब मान्य नहीं है।');
    // A server from before the reasons: the code's own text.
    expect(text(refusal('There is no code DIWALI5. Please check it.', 'COUPON_INVALID'))).toBe(
      hi['errors.COUPON_INVALID'],
    );
  });

  it('says the code’s own text for a reason it has no text for, or a reason’s text missing a name', () => {
    const text = errorTextIn('hi');
    const generic = hi['errors.ADD_ON_REFUSED'];
    expect(text(withFigures('Something new.', 'ADD_ON_REFUSED', { reason: 'somethingNew' }))).toBe(generic);
    expect(text(withFigures('Name is required for Energisation.', 'ADD_ON_REFUSED', { reason: 'fieldRequired' }))).toBe(
      generic,
    );
    expect(text(refusal('An add-on chosen is not offered with this product.', 'ADD_ON_REFUSED'))).toBe(generic);
  });

  it('is the server’s English words on an English page, whatever the details', () => {
    const details = { reason: 'fieldRequired', field: 'Name', fieldHi: 'नाम', addOn: 'Energisation' };
    expect(errorTextIn('en')(withFigures('Name is required for Energisation.', 'ADD_ON_REFUSED', details))).toBe(
      'Name is required for Energisation.',
    );
  });

  it('says a wait from the Retry-After in Hindi seconds, minutes or hours', () => {
    const text = errorTextIn('hi');
    const wait = (seconds: number, code = 'CODE_RESEND_WAIT') => text(new ApiError('Please wait…', 429, seconds, code));
    expect(wait(40)).toBe('दूसरा कोड माँगने से पहले कृपया 40 सेकंड रुकें।');
    expect(wait(900, 'COUPON_TOO_MANY_TRIES')).toBe('बहुत सारे गलत कोड डाले गए। कृपया 15 मिनट रुककर फिर कोशिश करें।');
    expect(wait(5 * 3600, 'TOO_MANY_WRONG_PASSWORDS')).toContain('कृपया 5 घंटे बाद कोशिश करें');
  });

  it('frames a check only the server made in Hindi, keeping its words', () => {
    expect(errorTextIn('hi')(refusal('pincode does not match the state', 'VALIDATION_FAILED'))).toBe(
      'कृपया भरी गई जानकारी जाँचें: pincode does not match the state',
    );
    expect(errorTextIn('en')(refusal('pincode does not match the state', 'VALIDATION_FAILED'))).toBe(
      'pincode does not match the state',
    );
  });

  it('is the server’s words when a figure its text needs did not come', () => {
    expect(errorTextIn('hi')(refusal('Only 1 of Neelam left in stock.', 'NOT_ENOUGH_STOCK'))).toBe(
      'Only 1 of Neelam left in stock.',
    );
  });

  it('is the error’s own words for a code without a text or no code', () => {
    const text = errorTextIn('hi');
    expect(text(refusal('Orders changed the stock', 'STOCK_CHANGED'))).toBe('Orders changed the stock');
    expect(text(refusal('Network error', null))).toBe('Network error');
    expect(text(new Error('Something else'))).toBe('Something else');
  });

  it('on a page without the account’s texts (a product page) loads them with the first refusal: its own words until then', async () => {
    const firstTextsOnly = { ...hiFirst } as typeof hi;
    const hook = renderHook(() => useErrorText(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <LanguageProvider language="hi" texts={firstTextsOnly}>
          {children}
        </LanguageProvider>
      ),
    });
    const full = refusal(
      'Your wishlist holds 100 products, as many as it can. Remove some to save more.',
      'WISHLIST_FULL',
    );
    expect(hook.result.current(full)).toBe(full.message);
    await waitFor(() => expect(hook.result.current(full)).toBe('आपकी विशलिस्ट भर गई है। और सहेजने के लिए कुछ सामान हटाएँ।'));
    expect(firstTextsOnly['account.signIn']).toBe(hi['account.signIn']);
  });

  it('says a refusal of the product page in Hindi: reviewed already, an image too large, in stock now', () => {
    const text = errorTextIn('hi');
    expect(text(refusal('Product already reviewed', 'ALREADY_REVIEWED'))).toBe(
      'आप इस सामान की समीक्षा पहले ही लिख चुके हैं।',
    );
    expect(text(withFigures('The image must be at most 5 MB', 'IMAGE_TOO_LARGE', { megabytes: 5 }))).toBe(
      'फ़ोटो अधिकतम 5 MB की हो सकती है।',
    );
    expect(text(refusal('Neelam is in stock now: you can order it.', 'PRODUCT_IN_STOCK'))).toBe(
      'यह सामान अभी स्टॉक में है: आप इसे ऑर्डर कर सकते हैं।',
    );
  });

  it('is the server’s words on an English page', () => {
    expect(errorTextIn('en')(refusal('Only 1 of Neelam left in stock.', 'NOT_ENOUGH_STOCK'))).toBe(
      'Only 1 of Neelam left in stock.',
    );
  });
});
