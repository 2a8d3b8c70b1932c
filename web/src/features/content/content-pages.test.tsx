import { screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { hi } from '../../i18n/hi.ts';
import { LanguageProvider } from '../../i18n/index.tsx';
import { renderInApp } from '../../testing/render.tsx';
import { FaqPage } from './pages/faq-page.tsx';
import { ShippingReturnsPage } from './pages/shipping-returns-page.tsx';
import { shopContact, shopPolicy } from './shop-details.ts';

function renderIn(language: 'en' | 'hi', page: React.ReactNode) {
  return renderInApp(
    <LanguageProvider language={language} texts={language === 'hi' ? hi : en}>
      <Suspense fallback={null}>{page}</Suspense>
    </LanguageProvider>,
  );
}

describe('the static pages in Hindi (issue 30)', () => {
  it('shows the FAQ page in Hindi: title, heading, questions, answers with the shop’s figures', async () => {
    renderIn('hi', <FaqPage />);
    expect(await screen.findByText('कोई और प्रश्न?')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'अक्सर पूछे जाने वाले प्रश्न' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'वापस जाएँ' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('रुद्राक्ष क्या है?')).toBeTruthy();
    expect(screen.getByText(/3 कार्यदिवस के भीतर/)).toBeTruthy();
    expect(screen.getByText(new RegExp(`${shopPolicy.freeShippingAbove} से अधिक`))).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('सामान्य प्रश्न | Rudraksha Ratna'));
    expect(screen.queryByText('What is rudraksha?')).toBeNull();
  });

  it('shows Shipping and Returns in Hindi with the same days, amounts and contacts', async () => {
    renderIn('hi', <ShippingReturnsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'शिपिंग शुल्क' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'शिपिंग और रिटर्न' })).toBeTruthy();
    expect(screen.getByText(/डिलीवरी के 7 दिन के भीतर/)).toBeTruthy();
    expect(screen.getAllByText(/10 से 14 कार्यदिवस/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: shopContact.phoneDisplay }).getAttribute('href')).toBe(
      shopContact.phoneHref,
    );
    expect(screen.getByRole('link', { name: 'नियम और शर्तों' }).getAttribute('href')).toBe('/terms-and-conditions');
    await waitFor(() =>
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        `3 कार्यदिवस में डिस्पैच, पूरे भारत में 10 से 14 कार्यदिवस में डिलीवरी, ${shopPolicy.freeShippingAbove} से अधिक के ऑर्डर पर मुफ़्त शिपिंग, और सामान टूटा-फूटा पहुँचे तो क्या करें।`,
      ),
    );
  });

  it('keeps the English page as it was', async () => {
    renderIn('en', <FaqPage />);
    expect(await screen.findByText('Still have a question?')).toBeTruthy();
    expect(screen.getByText('What is rudraksha?')).toBeTruthy();
    expect(screen.getByText(/We dispatch within 3 business days of your payment/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('FAQs | Rudraksha Ratna'));
  });
});

describe('the service promises as the pages quote them', () => {
  it('are in English exactly shopPolicy’s and shopContact’s', () => {
    expect(en['content.policy.dispatch']).toBe(shopPolicy.dispatch);
    expect(en['content.policy.delivery']).toBe(shopPolicy.delivery);
    expect(en['content.policy.damageReport']).toBe(shopPolicy.damageReport);
    expect(en['content.policy.customMaking']).toBe(shopPolicy.customMaking);
    expect(en['content.contact.hours']).toBe(shopContact.hours);
  });
});
