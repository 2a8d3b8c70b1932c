import type { Page } from '@playwright/test';
import type { UserInfo } from '@rr/core';
import { ADMIN, expect, login, placeCodOrder, startSignedIn, test } from '../fixtures.ts';

/** A 360 px phone, as in the phone project (that project runs phone.spec.ts only). */
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;

const bearer = (info: UserInfo) => ({ authorization: `Bearer ${info.token}` });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('on a 360 px phone', () => {
  test.use(PHONE);

  test('the top bar shows the cart and its count without opening the menu', async ({ page, makeProduct }) => {
    const product = await makeProduct({ stock: 3 });
    await page.goto(`/cart/${product._id}?qty=2`);
    await expect(page).toHaveURL('/cart');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    const cart = header.getByRole('link', { name: /Cart/ });
    await expect(cart).toHaveCount(1);
    await expect(cart).toBeVisible();
    await expect(cart).toContainText('2');
    await expect(cart).toHaveAccessibleName('Cart 2 items');
    const box = (await cart.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(60);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    // With the menu open there is still one cart link.
    await header.getByRole('button', { name: 'Menu' }).click();
    await expect(header.getByRole('link', { name: 'Gems' })).toBeVisible();
    await expect(header.getByRole('link', { name: /Cart/ })).toHaveCount(1);
  });

  test('the menu closes on Escape and when focus leaves it', async ({ page }) => {
    await page.goto('/faqs');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });

    await menuButton.click();
    await expect(nav.getByRole('link', { name: 'Gems' })).toBeVisible();
    await nav.getByRole('link', { name: 'Gems' }).focus();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Gems' })).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    // Tabbing past the last link closes it too.
    await menuButton.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Rudraksha' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Gems' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Mala' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeFocused();
    // Issue 30: the language switch is the menu's last link.
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'हिन्दी में देखें (Hindi)' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Gems' })).toBeHidden();
  });

  test('a long search word wraps: no sideways scrolling, and a very long one still searches', async ({ page }) => {
    const word = 'panchmukhirudrakshabraceletsilvercapped'.padEnd(40, 'x');
    await page.goto(`/search/${word}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search for: "${word}"`);
    await expect(page.getByText('No products found. Try a different keyword/category.')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    // Longer than the search takes: its first 100 characters are searched, with no error.
    const long = `mala${'a'.repeat(146)}`;
    await page.goto(`/search/${long}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search for: "${long.slice(0, 100)}"`);
    await expect(page.getByText('No products found. Try a different keyword/category.')).toBeVisible();
    await expect(page.getByText(/keyword must be/)).toHaveCount(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  test("an error from the form's button is scrolled into view, below the fixed header", async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Scroll Test');
    await page.getByLabel('Email Address').fill('scroll-test@example.in');
    await page.getByLabel('Phone Number').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-2');
    await page.getByRole('button', { name: 'Register' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Passwords do not match');
    await expect(alert).toBeInViewport({ ratio: 1 });
    const header = (await page.getByRole('banner').boundingBox())!;
    await expect.poll(async () => (await alert.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  test('tables are cards that keep dates and prices whole, with nothing to scroll to', async ({
    page,
    request,
    makeCustomer,
    makeProduct,
  }) => {
    const customer = await makeCustomer('Tables');
    const order = await placeCodOrder(request, customer, (await makeProduct())._id);
    await startSignedIn(page, customer);
    await page.goto('/profile');
    const frame = page.getByRole('region', { name: 'My Orders' });
    const row = frame.getByRole('row').nth(1);
    await expect(row).toBeVisible();
    // The id takes two lines by design (all 36 characters, SPEC's _id column).
    await expect(row.getByRole('cell').first()).toHaveText(order._id);
    for (const cell of await row
      .getByRole('cell')
      .filter({ hasNot: page.getByRole('link') })
      .filter({ hasNot: page.locator('code') })
      .all()) {
      // One line per cell: no '2026-' over '11-21', no '₹1.0' over '00.00'.
      const lines = await cell.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.bottom))).size;
      });
      expect(lines, await cell.innerText()).toBeLessThanOrEqual(1);
    }
    // Issue 32: a card an order up to 600 px, so nothing hides to the right.
    await expect(page.getByText('Scroll sideways for more')).toHaveCount(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  test('the profile shows name, e-mail and phone as text, not as inputs', async ({ page, makeCustomer }) => {
    const customer = await makeCustomer('Readonly');
    await startSignedIn(page, customer);
    await page.goto('/profile');
    await expect(page.getByText(customer.email, { exact: true })).toBeVisible();
    // The only boxes are the three password fields (current, new, confirm).
    const boxes = page.getByRole('region', { name: 'User Profile' }).getByRole('textbox');
    await expect(boxes).toHaveCount(3);
    await expect(boxes.and(page.locator('[readonly]'))).toHaveCount(0);
    await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
  });
});

test('a cancelled order says so, without Not Delivered or Not Paid', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const customer = await makeCustomer('Cancel');
  const order = await placeCodOrder(request, customer, (await makeProduct())._id);
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const res = await request.put(`/api/orders/${order._id}/cancel`, { headers: bearer(admin) });
  expect(res.status()).toBe(200);

  await startSignedIn(page, customer);
  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${order._id.slice(0, 8).toUpperCase()}`);
  await expect(page.getByRole('alert')).toContainText('This order was cancelled on');
  await expect(page.getByText('No payment was taken.')).toBeVisible();
  await expect(page.getByText('Not Delivered')).toHaveCount(0);
  await expect(page.getByText('Not Paid')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Order Cancelled' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Order Placed' })).toHaveCount(0);
});

test('a live order shows Not Delivered and Not Paid as information, not as errors', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const customer = await makeCustomer('Live');
  const order = await placeCodOrder(request, customer, (await makeProduct())._id);
  await startSignedIn(page, customer);
  await page.goto(`/order/${order._id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Not Delivered' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Not Paid' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Order Placed' })).toBeDisabled();
  // Only a page reached from the place-order step thanks the customer.
  await expect(page.getByText('Thank you!')).toHaveCount(0);
});

test('the banner caption is real text with a link to its collection', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Offers' });
  await expect(carousel.getByText('Authentic Nepal rudraksha, lab certified')).toBeVisible();
  await expect(carousel.getByRole('link')).toHaveCount(1);

  for (const [offer, name, href] of [
    [2, 'Explore Gems', '/category/gems'],
    [3, 'Shop Malas', '/category/mala'],
    [4, 'How energization works', '/energization'],
    [1, 'Shop Rudraksha', '/category/rudraksha'],
  ] as const) {
    await carousel.getByRole('button', { name: `Show offer ${offer}` }).click();
    await expect(carousel.getByRole('link')).toHaveAccessibleName(name);
    await expect(carousel.getByRole('link')).toHaveAttribute('href', href);
  }
  await carousel.getByRole('link', { name: 'Shop Rudraksha' }).click();
  await expect(page).toHaveURL('/category/rudraksha');
});

test('with reduced motion the banner does not rotate until Play is pressed', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Offers' });
  const current = carousel.locator('button[aria-current="true"]');
  await expect(current).toHaveAttribute('aria-label', 'Show offer 1');
  // Past a rotation's 2 s on the page's clock, without waiting for them.
  await page.clock.runFor(2500);
  await expect(current).toHaveAttribute('aria-label', 'Show offer 1');
  await carousel.getByRole('button', { name: 'Play' }).click();
  await expect(current).toHaveAttribute('aria-label', 'Show offer 2', { timeout: 3500 });
  await expect(carousel.getByRole('button', { name: 'Pause' })).toBeVisible();
});

test('a shipping field error clears when that field is edited', async ({ page, makeCustomer }) => {
  await startSignedIn(page, await makeCustomer('Shipping'));
  await page.goto('/shipping');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('City is required')).toBeVisible();
  await expect(page.getByText('Postal code is required')).toBeVisible();

  await page.getByLabel('Address', { exact: true }).fill('12 Example Lane');
  await expect(page.getByText('Address is required')).toHaveCount(0);
  await expect(page.getByLabel('Address', { exact: true })).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('City is required')).toBeVisible();

  // The pincode lookup fills city and state, and their errors go.
  await page.getByLabel('Postal Code').fill('221001');
  await expect(page.getByText('Postal code is required')).toHaveCount(0);
  await expect(page.getByLabel('City')).toHaveValue('Varanasi');
  await expect(page.getByText('City is required')).toHaveCount(0);
  await expect(page.getByText('State is required')).toHaveCount(0);
});

test('an unknown pincode clears the city and state an earlier pincode filled, not typed ones', async ({
  page,
  makeCustomer,
}) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await startSignedIn(page, await makeCustomer('Pincode'));
  await page.goto('/shipping');
  await page.getByLabel('Postal Code').fill('221001');
  await expect(page.getByLabel('City')).toHaveValue('Varanasi');
  await expect(page.getByLabel('State')).toHaveValue('Uttar Pradesh');

  await page.getByLabel('Postal Code').fill('999999');
  await expect(page.getByLabel('City')).toHaveValue('');
  await expect(page.getByLabel('State')).toHaveValue('');
  await expect.poll(() => logs.filter((l) => l === 'Invalid Pincode').length).toBe(1);

  // Typed by the customer: kept.
  await page.getByLabel('City').fill('Leh');
  await page.getByLabel('State').fill('Ladakh');
  await page.getByLabel('Postal Code').fill('999998');
  await expect.poll(() => logs.filter((l) => l === 'Invalid Pincode').length).toBe(2);
  await expect(page.getByLabel('City')).toHaveValue('Leh');
  await expect(page.getByLabel('State')).toHaveValue('Ladakh');
});

test('a review, once submitted, replaces the form', async ({ page, makeCustomer, makeProduct }) => {
  // Reviews tests make their own products; this one only looks at the form, on a fresh customer's page.
  await startSignedIn(page, await makeCustomer('Once'));
  await page.route('**/api/products/*/reviews', (route) =>
    route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ message: 'Review added' }) }),
  );
  const product = await makeProduct();
  await page.goto(`/product/${product._id}`);
  await page.getByLabel('Rating').selectOption({ label: '4 - Very Good' });
  await page.getByLabel('Comment').fill('Well made.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review submitted successfully')).toBeVisible();
  await expect(page.getByText('You have reviewed this product.')).toBeVisible();
  await expect(page.getByLabel('Comment')).toHaveCount(0);
});

test('a missing product is asked for once, not retried', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/products/00000000-0000-4000-8000-000000000000')) calls += 1;
  });
  await page.clock.install();
  // Rendered on the server with its 404 (the one time it is asked for): the browser does not ask again.
  const res = await page.goto('/product/00000000-0000-4000-8000-000000000000');
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('alert')).toBeVisible();
  // Past the first retry's 1 s delay on the page's clock.
  await page.clock.runFor(1500);
  expect(calls).toBe(0);
});

test('the register banner from an earlier submit goes once the form is edited', async ({ page, makeCustomer }) => {
  const existing = await makeCustomer('Taken');
  await page.goto('/register');
  await page.getByLabel('Name').fill('Second Person');
  await page.getByLabel('Email Address').fill(`other-${existing.phone}@example.in`);
  await page.getByLabel('Phone Number').fill(existing.phone);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm Password').fill('long-enough-1');
  await page.getByRole('button', { name: 'Register' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await page.getByLabel('Phone Number').fill('9');
  await expect(alert).toHaveCount(0);

  // And on a new submit, even one the form itself stops.
  await page.getByLabel('Phone Number').fill(existing.phone);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(alert).toBeVisible();
  await page.getByLabel('Confirm Password').fill('different-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(alert).toHaveText('Passwords do not match');
});

/**
 * The menu keeps a width (header.module.css) so that links arriving late in a page's HTML do not move the
 * search box. Once the language switch came, its links outgrew that width and a CI run measured the menu
 * widening under a painted page: the kept width must hold every signed-out link, at each desktop layout.
 */
test('the menu’s kept width holds all its signed-out links, and none wraps', async ({ page }) => {
  for (const width of [1280, 1024, 769]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/faqs');
    const fit = await page.locator('#main-nav').evaluate((nav) => {
      const links = Array.from(nav.querySelectorAll('a'));
      const style = getComputedStyle(nav);
      const content =
        links.reduce((sum, a) => {
          const own = getComputedStyle(a);
          return sum + a.getBoundingClientRect().width + parseFloat(own.marginLeft) + parseFloat(own.marginRight);
        }, 0) +
        parseFloat(style.columnGap) * (links.length - 1);
      const wrapped = links.filter((a) => a.getBoundingClientRect().height > 46).map((a) => a.textContent);
      return { content, kept: parseFloat(style.minWidth), wrapped, links: links.length };
    });
    expect(fit.links, `${width} px`).toBe(6);
    expect(fit.content, `${width} px`).toBeLessThanOrEqual(fit.kept);
    expect(fit.wrapped, `${width} px`).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  }
});
