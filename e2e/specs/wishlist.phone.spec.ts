import AxeBuilder from '@axe-core/playwright';
import { expect, startSignedIn, test } from '../fixtures.ts';

// Issue 28 on a 360 px phone: a guest's heart asks to sign in; a customer hearts a product on the
// listing, finds it in the wishlist (from the account menu) and removes it.
test('hearts a product on the listing, sees it in the wishlist and removes it', async ({
  page,
  makeProduct,
  makeCustomer,
}) => {
  const product = await makeProduct({ label: 'wishlist bead', price: 780 });
  const listing = `/search/${encodeURIComponent(product.name)}`;
  const card = page.locator('article', { hasText: product.name });

  await page.goto(listing);
  await card.getByRole('button', { name: 'Save to wishlist' }).tap();
  await expect(page).toHaveURL(/\/login\?redirect=\/search\//);

  await startSignedIn(page, await makeCustomer('wishlistfan'));
  await page.goto(listing);
  const heart = card.getByRole('button', { name: 'Save to wishlist' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.tap();
  const saved = card.getByRole('button', { name: 'Remove from wishlist' });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  // The heart sits on the picture, clear of the price, and the page fits the phone.
  const [heartBox, priceBox] = [await saved.boundingBox(), await card.getByText('₹780.00').boundingBox()];
  expect(heartBox!.y + heartBox!.height).toBeLessThan(priceBox!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('listing-hearts-phone.png') });

  await page.getByRole('button', { name: 'Menu' }).tap();
  await page.getByRole('button', { name: /wishlistfan/ }).tap();
  await page.getByRole('link', { name: 'Wishlist', exact: true }).tap();
  await expect(page).toHaveURL('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
  const savedCard = page.locator('article', { hasText: product.name });
  await expect(savedCard).toHaveCount(1);
  await expect(savedCard.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('wishlist-phone.png') });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await savedCard.getByRole('button', { name: `Remove ${product.name} from wishlist` }).tap();
  await expect(savedCard).toHaveCount(0);
  await expect(page.getByText(/Your wishlist is empty/)).toBeVisible();
});
