import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { en } from './en.ts';
import { hi } from './hi.ts';
import { LanguageProvider, outsideAppTexts, useErrorText } from './index.tsx';

const errorTextIn = (language: 'en' | 'hi', texts = language === 'hi' ? hi : en) =>
  renderHook(() => useErrorText(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <LanguageProvider language={language} texts={texts}>
        {children}
      </LanguageProvider>
    ),
  }).result.current;

const refusal = (message: string, code: string | null) => new ApiError(message, 409, null, code);

describe('an error of the API in the page’s language (issue 30)', () => {
  it('is the code’s Hindi text on a Hindi page, with the message’s rupee figure', () => {
    const text = errorTextIn('hi');
    expect(text(refusal('Only 1 of Neelam left in stock.', 'NOT_ENOUGH_STOCK'))).toBe(
      'आपके कार्ट में जितने हैं, उतने स्टॉक में नहीं बचे। कृपया मात्रा कम करें।',
    );
    expect(text(refusal('Add ₹1,250.50 more to use this code.', 'COUPON_MIN_ORDER'))).toBe(
      'यह कोड इस्तेमाल करने के लिए ₹1,250.50 का सामान और जोड़ें।',
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
