import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { translate, type MessageParams } from '@rr/core';
import type { MessageKey } from '../../web/src/i18n/en.ts';
import { hi } from '../../web/src/i18n/hi.ts';
import { expect, latestCode, startSignedIn, test } from '../fixtures.ts';

/**
 * Issue 30: the Hindi storefront on a phone, as a customer who reads Hindi uses it: the pages under /hi
 * in Hindi, a search in Devanagari, a Cash on Delivery checkout and the order page, accessible and
 * hydrating without errors. The texts come from the Hindi message file, so the spec follows it.
 */
const t = (key: MessageKey, params?: MessageParams) => translate('hi', hi, key, params);

/** Errors and hydration complaints the page logs while the test runs. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('the Hindi pages: language in the address, hreflang both ways, the switch keeps the page, axe clean', async ({
  page,
  makeProduct,
}) => {
  const problems = watchConsole(page);
  const product = await makeProduct({ label: 'hindi bead', nameHi: 'परीक्षण पंचमुखी दाना', category: 'rudraksha' });

  await page.goto('/hi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute('href', /\/$/);
  await expect(page.locator('link[rel="alternate"][hreflang="hi-IN"]')).toHaveAttribute('href', /\/hi$/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'hi_IN');
  await expect(page).toHaveTitle(t('home.title'));
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await noWiderThanPhone(page);

  // A link of the app stays in Hindi (the router works under /hi).
  await page.getByRole('button', { name: t('layout.menu') }).click();
  await page.getByRole('link', { name: t('category.rudraksha'), exact: true }).click();
  await expect(page).toHaveURL('/hi/category/rudraksha');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('catalog.categoryHeading', { label: t('category.rudraksha') }),
  );

  // The product page in Hindi, its name the Hindi one; the switch leads to the same page in English.
  await page.goto(`/hi/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('परीक्षण पंचमुखी दाना');
  await expect(page.getByRole('button', { name: t('product.addToCart') })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await noWiderThanPhone(page);
  await page.getByRole('button', { name: t('layout.menu') }).click();
  await page.getByRole('link', { name: t('language.switchLabel') }).click();
  await expect(page).toHaveURL(`/product/${product._id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  expect(problems).toEqual([]);
});

test('in Hindi on a phone: a search in Devanagari, Cash on Delivery checkout and the order page', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  test.slow();
  const problems = watchConsole(page);
  const word = `कसौटी${Date.now() % 1000}`;
  const product = await makeProduct({ label: 'hindi search bead', nameHi: `${word} रुद्राक्ष`, price: 800, stock: 5 });
  const customer = await makeCustomer('Hindi');
  await startSignedIn(page, customer);

  // Search in Devanagari, from the Hindi home page.
  await page.goto('/hi');
  await page.getByRole('combobox', { name: t('search.label') }).fill(word);
  await page.getByRole('combobox', { name: t('search.label') }).press('Enter');
  await expect(page).toHaveURL(`/hi/search/${encodeURIComponent(word)}`);
  await page
    .getByRole('link', { name: new RegExp(`${word} रुद्राक्ष`) })
    .first()
    .click();
  await expect(page).toHaveURL(`/hi/product/${product._id}`);

  // The cart and checkout, every step in Hindi.
  await page.getByRole('button', { name: t('product.addToCart') }).click();
  await expect(page).toHaveURL('/hi/cart');
  // A page the browser renders is in Hindi too (the Devanagari font keys on it).
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('button', { name: t('cart.checkout') })).toBeVisible();
  await page.getByRole('button', { name: t('cart.checkout') }).click();
  await expect(page).toHaveURL('/hi/shipping');
  await page.getByLabel(t('address.address'), { exact: true }).fill('12 Example Lane, Godowlia');
  await page.getByLabel(t('address.postalCode')).fill('221001');
  await expect(page.getByLabel(t('address.state'))).toHaveValue('Uttar Pradesh');
  await noWiderThanPhone(page);
  await page.getByRole('button', { name: t('checkout.continue') }).click();
  await expect(page.getByRole('heading', { name: t('checkout.paymentMethod'), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: t('checkout.continue') }).click();
  await expect(page).toHaveURL('/hi/placeorder');
  await noWiderThanPhone(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: t('checkout.placeOrder') }).click();
  await expect(page).toHaveURL(/\/hi\/order\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;

  // A new customer's COD order waits for the code; the order page says so in Hindi.
  await expect(page.getByRole('heading', { name: t('orders.awaitingConfirmation') })).toBeVisible();
  await page.getByLabel(t('orders.confirmationCode')).fill(await latestCode(request, customer.phone));
  await page.getByRole('button', { name: t('orders.confirmOrder') }).click();
  await expect(page.getByRole('heading', { name: t('orders.awaitingConfirmation') })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('orders.heading', { number: orderId.slice(0, 8).toUpperCase() }),
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  // The line is named as the product's Hindi name was when it was bought.
  const items = page.getByRole('region', { name: t('checkout.orderItems') });
  await expect(items.getByRole('link', { name: `${word} रुद्राक्ष` })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await noWiderThanPhone(page);
  expect(problems).toEqual([]);
});

test("the shop's Devanagari font: fetched after a first Hindi page has loaded, drawn from the next page on", async ({
  page,
}) => {
  const fontRequests: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/fonts/devanagari-subset.woff2')) fontRequests.push(Date.now());
  });
  // An English page never asks for it.
  await page.goto('/', { waitUntil: 'load' });
  await page.waitForTimeout(500);
  expect(fontRequests).toEqual([]);

  const started = Date.now();
  await page.goto('/hi', { waitUntil: 'load' });
  const loadedAfter = await page.evaluate(() => performance.timing.loadEventStart - performance.timing.navigationStart);
  // The first Hindi page asks nothing of the font before its load event and draws in the device's own font.
  await expect(page.locator('html')).not.toHaveClass(/rr-devanagari/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('rr.devanagariFont')))
    .toBe('/fonts/devanagari-subset.woff2');
  expect(fontRequests.length).toBe(1);
  expect(fontRequests[0]! - started).toBeGreaterThanOrEqual(loadedAfter);
  expect(await page.evaluate(() => document.fonts.check('16px "RR Devanagari"', 'नीलम'))).toBe(false);

  // The next page has it at once: the class is set before the first paint and the page's text uses it.
  await page.goto('/hi/category/gems');
  await expect(page.locator('html')).toHaveClass(/rr-devanagari/);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return document.fonts.check('16px "RR Devanagari"', 'नीलम');
      }),
    )
    .toBe(true);
  await noWiderThanPhone(page);
});
