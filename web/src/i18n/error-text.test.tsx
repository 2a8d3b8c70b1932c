import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { en } from './en.ts';
import { hi } from './hi.ts';
import { LanguageProvider, outsideAppTexts } from './index.tsx';
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

  it('says the figures the server sent as details: counts, limits, rupees, a pincode, a date (issue 30)', () => {
    const text = errorTextIn('hi');
    expect(text(withFigures('Only 3 of Neelam left in stock.', 'NOT_ENOUGH_STOCK', { count: 3 }))).toBe(
      'आपके कार्ट के एक सामान के स्टॉक में केवल 3 बचे हैं। कृपया मात्रा कम करें।',
    );
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

  it('says a wait from the Retry-After in Hindi seconds, minutes or hours', () => {
    const text = errorTextIn('hi');
    const wait = (seconds: number, code = 'CODE_RESEND_WAIT') => text(new ApiError('Please wait…', 429, seconds, code));
    expect(wait(40)).toBe('दूसरा कोड माँगने से पहले कृपया 40 सेकंड रुकें।');
    expect(wait(900, 'COUPON_TOO_MANY_TRIES')).toBe('बहुत सारे गलत कोड डाले गए। कृपया 15 मिनट रुककर फिर कोशिश करें।');
    expect(wait(5 * 3600, 'TOO_MANY_WRONG_PASSWORDS')).toContain('कृपया 5 घंटे बाद कोशिश करें');
  });

  it('is the server’s words when a figure its text needs did not come', () => {
    expect(errorTextIn('hi')(refusal('Only 1 of Neelam left in stock.', 'NOT_ENOUGH_STOCK'))).toBe(
      'Only 1 of Neelam left in stock.',
    );
  });

  it('is the error’s own words for a code without a text, no code, or a page without the account’s texts', () => {
    const text = errorTextIn('hi');
    expect(text(refusal('Orders changed the stock', 'STOCK_CHANGED'))).toBe('Orders changed the stock');
    expect(text(refusal('Network error', null))).toBe('Network error');
    expect(text(new Error('Something else'))).toBe('Something else');
    const firstTextsOnly = errorTextIn('hi', { ...outsideAppTexts } as typeof hi);
    expect(firstTextsOnly(refusal('This code has expired.', 'COUPON_EXPIRED'))).toBe('This code has expired.');
  });

  it('is the server’s words on an English page', () => {
    expect(errorTextIn('en')(refusal('Only 1 of Neelam left in stock.', 'NOT_ENOUGH_STOCK'))).toBe(
      'Only 1 of Neelam left in stock.',
    );
  });
});
