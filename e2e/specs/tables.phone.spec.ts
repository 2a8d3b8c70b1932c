import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { shortOrderNumber, translate, type MessageParams } from '@rr/core';
import { en, type MessageKey } from '../../web/src/i18n/en.ts';
import { hi } from '../../web/src/i18n/hi.ts';
import { expect, placeCodOrder, startSignedIn, test } from '../fixtures.ts';

/**
 * Issue 32, item 4: on a 360 px phone the order tables (My Orders, in English and Hindi, and the admin's)
 * and the admin's product and user lists are cards: nothing to scroll sideways to, the action and the
 * states at the top of each card, every other field under its column's heading. Item 7: the dashboard
 * chart's dates readable (11 px or more), Indian ("27 Nov"), apart.
 */

const PHONE_WIDTH = 360;

const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);

/** Where an element is on the page (the whole box, inside the phone's width or not). */
async function box(locator: Locator) {
  await expect(locator).toBeVisible();
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** In view without scrolling sideways: from 0 to the phone's width. */
async function expectWithinWidth(locator: Locator) {
  const { x, width } = await box(locator);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** The heading a card shows above a cell's value (the table's head is hidden on a phone). */
const shownLabel = (cell: Locator) =>
  cell.evaluate((el) => getComputedStyle(el, '::before').content.replace(/^"|"$/g, ''));

/** The cell of a row under the column headed `heading`, by the table's own head. */
async function cellUnder(table: Locator, row: Locator, heading: string) {
  const headings = await table.getByRole('columnheader').allTextContents();
  const index = headings.findIndex((h) => h.trim() === heading);
  expect(index, `a column headed ${heading} in ${headings.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

/**
 * A row shown as a card: the action and the states above every other field, each within the phone's
 * width; the other fields after them (below, or beside the last one), each under its heading.
 */
async function expectCard(
  table: Locator,
  row: Locator,
  { action, states, fields }: { action: Locator; states: string[]; fields: string[] },
) {
  await expectWithinWidth(action);
  const actionBox = await box(action);
  let last = { x: 0, y: 0 };
  for (const heading of states) {
    const cell = await cellUnder(table, row, heading);
    await expectWithinWidth(cell);
    expect(await shownLabel(cell)).toBe(heading);
    const { x, y } = await box(cell);
    // Under the action, not beside a field pushed off to the right.
    expect(y).toBeGreaterThan(actionBox.y);
    if (y > last.y || (y === last.y && x > last.x)) last = { x, y };
  }
  for (const heading of fields) {
    const cell = await cellUnder(table, row, heading);
    await expectWithinWidth(cell);
    expect(await shownLabel(cell)).toBe(heading);
    const { x, y } = await box(cell);
    expect(y > last.y || (y === last.y && x > last.x), `${heading} after the states`).toBe(true);
  }
}

for (const language of ['en', 'hi'] as const) {
  test(`My Orders on a phone (${language}): a card an order, Details and paid and delivered first`, async ({
    page,
    request,
    makeCustomer,
    makeProduct,
  }) => {
    const t = (key: MessageKey, params?: MessageParams) =>
      translate(language, language === 'hi' ? hi : en, key, params);
    const customer = await makeCustomer('Cards');
    const order = await placeCodOrder(request, customer, (await makeProduct())._id);
    await startSignedIn(page, customer);
    await page.goto(language === 'hi' ? '/hi/profile' : '/profile');
    const table = page.getByRole('region', { name: t('orders.myOrders') }).getByRole('table');
    const row = table.getByRole('row').filter({ hasText: order._id });
    const details = row.getByRole('link', { name: t('orders.detailsOf', { number: shortOrderNumber(order._id) }) });
    await expectCard(table, row, {
      action: details,
      states: [t('orders.colPaid'), t('orders.colDelivered')],
      fields: [t('orders.colDate'), t('orders.colTotal')],
    });
    // The order's number beside Details, on the card's first line.
    const id = row.getByRole('cell').first();
    await expectWithinWidth(id);
    expect(Math.abs((await box(id)).y - (await box(details)).y)).toBeLessThan((await box(details)).height);
    await expect(page.getByText('Scroll sideways for more')).toHaveCount(0);
    await noWiderThanPhone(page);
    await details.click();
    await expect(page).toHaveURL(new RegExp(`/order/${order._id}$`));
  });
}

test('the admin lists on a phone: orders, products (stock, state, search) and users as cards', async ({
  page,
  request,
  admin,
  makeCustomer,
  makeProduct,
}) => {
  // A made-up word only these products have, so the search finds them alone.
  const word = Array.from({ length: 9 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  const soldOut = await makeProduct({ label: `Cards ${word}`, stock: 0 });
  const draft = await makeProduct({ label: `Cards ${word} Draft` });
  const toDraft = await request.put(`/api/products/${draft._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: draft.name,
      price: draft.price,
      mrp: null,
      image: draft.image,
      brand: draft.brand,
      category: draft.category,
      description: draft.description,
      countInStock: 3,
      isDraft: true,
    },
  });
  expect(toDraft.status()).toBe(200);
  const customer = await makeCustomer('CardsAdmin');
  const order = await placeCodOrder(request, customer, (await makeProduct())._id);
  await startSignedIn(page, admin);

  // Orders: Details, PAID and DELIVERED first.
  await page.goto(`/admin/orderlist?q=${order._id.slice(0, 8)}`);
  let table = page.getByRole('region', { name: 'Orders' }).getByRole('table');
  const orderRow = table.getByRole('row').filter({ hasText: order._id });
  await expectCard(table, orderRow, {
    action: orderRow.getByRole('link', { name: /^Details of order/ }),
    states: ['PAID', 'DELIVERED'],
    fields: ['USER', 'DATE', 'TOTAL'],
  });
  await noWiderThanPhone(page);

  // Products: found by the search (drafts too), with their stock and state, Edit and Delete in view.
  await page.goto('/admin/productlist');
  await page.getByRole('searchbox', { name: 'Find a product' }).fill(word);
  await page.getByRole('button', { name: 'Find Product' }).click();
  await expect(page).toHaveURL(`/admin/productlist?keyword=${word}`);
  table = page.getByRole('region', { name: 'Products' }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  const soldOutRow = table.getByRole('row').filter({ hasText: soldOut.name });
  const draftRow = table.getByRole('row').filter({ hasText: draft.name });
  for (const [row, product] of [
    [soldOutRow, soldOut],
    [draftRow, draft],
  ] as const) {
    await expectCard(table, row, {
      action: row.getByRole('link', { name: `Edit ${product.name}` }),
      states: ['STATE', 'STOCK'],
      fields: ['PRICE', 'CATEGORY', 'BRAND', 'ID'],
    });
    await expectWithinWidth(row.getByRole('button', { name: `Delete ${product.name}` }));
  }
  await expect(await cellUnder(table, soldOutRow, 'STATE')).toHaveText('Published');
  await expect(await cellUnder(table, soldOutRow, 'STOCK')).toHaveText('0 out of stock');
  await expect(await cellUnder(table, draftRow, 'STATE')).toHaveText('Draft not in the shop until published');
  await expect(await cellUnder(table, draftRow, 'STOCK')).toHaveText('3');
  await expect(page.getByText('Scroll sideways for more')).toHaveCount(0);
  await noWiderThanPhone(page);
  // Wider than 600 px it is a table again, its head shown, scrolling in its frame where it must.
  await page.setViewportSize({ width: 700, height: 740 });
  await expect(table.getByRole('columnheader', { name: 'STOCK' })).toBeVisible();
  await expect(page.getByText('Scroll sideways for more')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(700);
  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });

  // Users: Edit and the admin mark first.
  await page.goto('/admin/userlist');
  table = page.getByRole('region', { name: 'Users' }).getByRole('table');
  const userRow = table.getByRole('row').filter({ hasText: customer.email });
  await expectCard(table, userRow, {
    action: userRow.getByRole('link', { name: `Edit ${customer.name}` }),
    states: ['ADMIN'],
    fields: ['EMAIL', 'ID'],
  });
  await expectWithinWidth(userRow.getByRole('button', { name: `Delete ${customer.name}` }));
  await noWiderThanPhone(page);
});

test('the dashboard chart on a phone: Indian dates of 11 px or more, apart', async ({ page, admin }) => {
  await startSignedIn(page, admin);
  await page.goto('/admin');
  const chart = page.getByRole('img', { name: /Revenue and orders per day/ });
  await expect(chart).toBeVisible();
  const svgBox = await box(chart);
  for (const range of ['30 days', '90 days']) {
    await page.getByRole('button', { name: range, exact: true }).last().click();
    await expect(page.getByRole('button', { name: range, exact: true }).last()).toHaveAttribute('aria-pressed', 'true');
    const labels = await chart.evaluate((svg) =>
      Array.from(svg.parentElement!.querySelectorAll('[aria-hidden="true"] > span'))
        .filter((el) => getComputedStyle(el).display !== 'none')
        .map((el) => {
          const r = el.getBoundingClientRect();
          return {
            text: el.textContent,
            size: parseFloat(getComputedStyle(el).fontSize),
            left: r.left,
            right: r.right,
          };
        }),
    );
    expect(labels.length, range).toBeGreaterThanOrEqual(3);
    for (const label of labels) {
      expect(label.text, range).toMatch(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec)$/);
      expect(label.size, label.text!).toBeGreaterThanOrEqual(11);
      expect(label.left, label.text!).toBeGreaterThanOrEqual(svgBox.x - 1);
      expect(label.right, label.text!).toBeLessThanOrEqual(svgBox.x + svgBox.width + 1);
    }
    // In order, and at least 8 px between one and the next.
    for (let k = 1; k < labels.length; k++)
      expect(
        labels[k]!.left - labels[k - 1]!.right,
        `${labels[k - 1]!.text} | ${labels[k]!.text}`,
      ).toBeGreaterThanOrEqual(8);
  }
  await noWiderThanPhone(page);
});

test("a product's stock history on a phone: a card per change, its Who in full", async ({
  page,
  request,
  admin,
  makeCustomer,
  makeProduct,
}) => {
  const product = await makeProduct({ label: 'history card bead' });
  await placeCodOrder(request, await makeCustomer('HistoryCard'), product._id);
  await startSignedIn(page, admin);
  await page.goto(`/admin/product/${product._id}/edit`);
  const history = page.getByRole('region', { name: 'Stock history' });
  const table = history.getByRole('table');
  const placed = table.getByRole('row').filter({ hasText: 'Order placed' });
  await expect(placed).toBeVisible();
  const who = await cellUnder(table, placed, 'Who');
  await expect(who).toContainText('(customer)');
  await expectWithinWidth(who);
  await expectWithinWidth(await cellUnder(table, placed, 'Change'));
  expect(await shownLabel(who)).toBe('Who');
  // Nothing in the history to scroll sideways to.
  expect(await history.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await noWiderThanPhone(page);
});
