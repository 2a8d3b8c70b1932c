import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Product } from '@rr/core';
import { expect, startSignedIn, test, type ProductSpec } from '../fixtures.ts';

/**
 * Issue 32: on a phone the price, the stock and Add To Cart are on the first screen, a bar at the foot of
 * it that stays there as the page scrolls; it is the buy box's own (one form, one button), so it follows
 * the chosen size and refuses as the box does. Nothing moves as it comes (no layout shift).
 */

/** A bead in two sizes, the small one nearly gone, with energisation that needs the wearer's name. */
function sizedBead(): ProductSpec {
  const sku = `B${randomInt(1e8, 1e9)}`;
  return {
    label: 'Bar bead',
    price: 1200,
    stock: 10,
    // A long description, as the demo's have: the buy box is far below the first screen.
    description: 'A five-faced bead from Nepal, energised before it is sent. '.repeat(30),
    variants: [
      { name: '18 mm', sku: `${sku}-18`, price: 900, countInStock: 2, facts: { sizeMm: 18 } },
      { name: '20 mm', sku: `${sku}-20`, price: 1200, countInStock: 5, facts: { sizeMm: 20 }, isDefault: true },
    ],
    addOns: [
      {
        name: 'Energisation',
        price: 251,
        service: true,
        madeToOrder: true,
        fields: [{ name: 'Name', maxLength: 40, required: true }],
      },
    ],
  };
}

/** The layout shift of the page so far (CLS's sum, without the shifts a tap caused). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

/** Whether the whole of `box` is inside the 360 × 740 screen. */
const onScreen = (box: { x: number; y: number; width: number; height: number } | null) =>
  box !== null && box.y >= 0 && box.y + box.height <= 740 && box.x >= 0 && box.x + box.width <= 360;

test('on a phone: price, stock and Add To Cart on the first screen and after scrolling, for the chosen size, with the box’s checks', async ({
  page,
  makeProduct,
  makeCustomer,
}) => {
  test.slow();
  const product = (await makeProduct(sizedBead())) as Product;
  await startSignedIn(page, await makeCustomer('Bar'));
  await page.goto(`/product/${product._id}`);
  await page.waitForLoadState('load');

  const bar = page.getByTestId('buy-bar');
  const add = page.getByRole('button', { name: 'Add To Cart' });
  // The first screen: the bar, with the default size's price and stock.
  await expect(bar).toBeVisible();
  expect(onScreen(await add.boundingBox())).toBe(true);
  expect(onScreen(await bar.boundingBox())).toBe(true);
  await expect(bar).toContainText('₹1,200.00');
  await expect(bar).toContainText('In Stock');
  // The buy box's other lines (the extras) are far below it, as the description is long.
  const extras = page.getByRole('group', { name: 'Extras' });
  expect((await extras.boundingBox())!.y).toBeGreaterThan(740);
  expect(await layoutShift(page)).toBe(0);

  // Another size: the bar follows it.
  await page.getByRole('group', { name: /^Size/ }).getByText('18 mm').click();
  await expect(bar).toContainText('₹900.00');
  await expect(bar).toContainText('Only 2 left');

  // Scrolled to the reviews: still there, on screen.
  await page.getByRole('heading', { name: 'Reviews' }).scrollIntoViewIfNeeded();
  expect(onScreen(await add.boundingBox())).toBe(true);
  await expect(bar).toContainText('₹900.00');

  // Energisation taken, its name left empty: the bar's Add To Cart refuses as the box does, and shows why.
  await page.getByRole('checkbox', { name: /Energisation/ }).check();
  await expect(bar).toContainText('₹1,151.00');
  await page.evaluate(() => window.scrollTo(0, 0));
  await add.click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in Name for Energisation.');
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  // The focused field is clear of the bar.
  const field = (await name.boundingBox())!;
  expect(field.y + field.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
  await expect(page).toHaveURL(/\/product\//);

  await name.fill('रमेश शर्मा');
  await add.click();
  await expect(page).toHaveURL('/cart');
  const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').first();
  await expect(line).toContainText('18 mm');
  await expect(line).toContainText('Name: रमेश शर्मा');
  await expect(page.getByTestId('buy-bar')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // On to checkout: the step bar is one row of four at 360 px, in both languages.
  for (const path of ['/shipping', '/hi/shipping']) {
    await page.goto(path);
    const steps = page.getByRole('navigation', { name: /Checkout steps|चेकआउट के चरण/ }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    const tops = await steps.evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${path}: ${tops.join(', ')}`).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

test('on a phone the home banner shows its picture without its 7 px words, and the caption beside it', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Offers' });
  const enlarge = carousel.getByRole('button', { name: /^Enlarge/ });
  const slide = (await enlarge.boundingBox())!;
  const headline = carousel.getByText('Authentic Nepal rudraksha, lab certified');
  await expect(headline).toBeVisible();
  // The caption is readable, and beside the picture.
  const size = await headline.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(15);
  const caption = (await headline.boundingBox())!;
  expect(caption.x + caption.width).toBeLessThanOrEqual(slide.x);
  // The picture is cut to its right part: its words (x 72 to 625 of its 1200) are not in it.
  const image = enlarge.getByRole('img', { name: 'Authentic Nepal rudraksha, lab certified' });
  const fit = await image.evaluate((el) => [getComputedStyle(el).objectFit, getComputedStyle(el).objectPosition]);
  expect(fit).toEqual(['cover', '100% 50%']);
  expect(1200 - 450 * (slide.width / slide.height)).toBeGreaterThanOrEqual(625);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('on a phone in Hindi: the bar in Hindi, its end of the page reachable', async ({ page, makeProduct }) => {
  const product = (await makeProduct(sizedBead())) as Product;
  await page.goto(`/hi/product/${product._id}`);
  await page.waitForLoadState('load');
  const bar = page.getByTestId('buy-bar');
  const add = bar.getByRole('button', { name: 'कार्ट में डालें' });
  expect(onScreen(await add.boundingBox())).toBe(true);
  await expect(bar).toContainText('₹1,200.00');
  await expect(bar).toContainText('स्टॉक में है');
  expect(await layoutShift(page)).toBe(0);
  // The page's foot is not hidden under the bar: the footer's last line is above it at the bottom.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const copyright = page.getByRole('contentinfo').locator('p').last();
  const last = (await copyright.boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
});

test('on a desktop-wide screen there is no bar: the price and Add To Cart end the buy box', async ({
  page,
  makeProduct,
}) => {
  const product = (await makeProduct(sizedBead())) as Product;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/product/${product._id}`);
  const box = page.getByRole('complementary', { name: 'Buy' });
  const price = (await box.getByTestId('buy-price').boundingBox())!;
  const add = (await box.getByRole('button', { name: 'Add To Cart' }).boundingBox())!;
  const extras = (await box.getByRole('group', { name: 'Extras' }).boundingBox())!;
  // The extras, then the price and Add To Cart last, in the page's own order (shown as it arrives, a box
  // whose price came later in the HTML but was drawn above moved its quantity down: a CI run measured
  // the shift); all in the box's column, on the first screen.
  expect(extras.y).toBeLessThan(price.y);
  expect(price.y).toBeLessThan(add.y);
  expect(add.y + add.height).toBeLessThan(800);
  expect(add.x).toBeGreaterThan(640);
});
