import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, startSignedIn, test } from '../fixtures.ts';

/**
 * Issue 13: the storefront's pages arrive rendered (readable without JavaScript), hydrate without a
 * mismatch or a layout shift, and the start-up loader still covers a session's first load only.
 */

/** Console errors and page errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Layout shift is checked against Lighthouse's CLS 0 (it reports three decimals): a CI run under load once
 * measured 0.0003 on home that no run here could reproduce (16 runs, 8 of them on a loaded machine); the
 * names of what moved will say what it was if it comes back.
 */
const NO_SHIFT = 0.001;

/** The page's layout shift so far, as the browser measured it from the start, and what moved. */
async function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources?: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
            }
          >) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node as HTMLElement | undefined;
              const name = node ? `${node.nodeName}.${node.className} "${(node.textContent ?? '').slice(0, 30)}"` : '?';
              moved.push(
                `${name} at ${Math.round(entry.startTime)} ms: ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved }), 300);
      }),
  );
}

async function expectNoShift(page: Page) {
  const { total, moved } = await layoutShift(page);
  expect(total, `layout shift ${total}:\n${moved.join('\n')}`).toBeLessThan(NO_SHIFT);
}

const HYDRATION = /hydrat/i;

async function hydrated(page: Page) {
  await page.waitForLoadState('load');
  // The app is in charge once a client-side link works: wait for Preact to have rendered into #root
  // (it keeps the tree it rendered on the container, as `__k`).
  await expect
    .poll(() => page.evaluate(() => (document.getElementById('root') as { __k?: unknown } | null)?.__k != null))
    .toBe(true);
  // Let lazy pages and images settle.
  await page.waitForTimeout(1000);
}

declare global {
  interface Window {
    /** What hydration changed in the server's HTML (expectHydrationKeepsHtml). */
    __rrHydration?: { changes: () => string[]; atHydrated?: string[] };
  }
}

/**
 * Opens `url` and checks that hydration took over the server's HTML as it is. Preact reports no mismatch
 * in production: where the browser renders something else it replaces the element or rewrites the text.
 * So the app's scripts are held until the HTML is parsed, the elements of #root and its text are noted,
 * and right after hydration the same elements are there in the same order, none added, with the same
 * text. Once the lazy parts have hydrated too (`hydrated`), none of the server's elements may have gone,
 * unless the page is meant to change after hydrating (`changesAfter`: a signed-in customer's header).
 */
async function expectHydrationKeepsHtml(page: Page, url: string, { changesAfter = false } = {}) {
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    const sent = Array.from(root.querySelectorAll('*'));
    const text = root.textContent;
    const name = (el: Element) => `${el.localName}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').slice(0, 40)}"`;
    const changes = () => {
      const now = Array.from(root.querySelectorAll('*'));
      const gone = sent.filter((el) => !root.contains(el)).map((el) => `gone: ${name(el)}`);
      const added = now.filter((el) => !sent.includes(el)).map((el) => `added: ${name(el)}`);
      return [...gone, ...added, ...(root.textContent === text ? [] : ['the text changed'])];
    };
    window.__rrHydration = { changes };
    // Preact puts its tree on the container (`__k`) as it starts rendering into it, and hydrates in one
    // synchronous pass: a microtask queued then runs when that pass is done, before any re-render (also
    // a microtask, queued later) and before effects.
    let tree: unknown;
    Object.defineProperty(root, '__k', {
      configurable: true,
      get: () => tree,
      set(value) {
        if (tree === undefined) queueMicrotask(() => (window.__rrHydration!.atHydrated = changes()));
        tree = value;
      },
    });
  });
  release();
  await page.waitForFunction(() => window.__rrHydration?.atHydrated);
  expect(await page.evaluate(() => window.__rrHydration!.atHydrated)).toEqual([]);
  await hydrated(page);
  if (changesAfter) return;
  const later = await page.evaluate(() =>
    window.__rrHydration!.changes().filter((change) => change.startsWith('gone')),
  );
  expect(later).toEqual([]);
}

/** Forms on the page that the app has not taken over: early.js would hold what is sent from them. */
function formsNotLive(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.forms)
      .filter((form) => !(form as HTMLFormElement & { __rrLive?: boolean }).__rrLive)
      .map((form) => form.outerHTML.slice(0, 120)),
  );
}

/**
 * Every form the server sent is taken over by its component (useEarlyForm): the footer's newsletter form
 * once it comes near the screen (its code loads then, decision 0066), so the footer is scrolled to.
 */
async function expectEveryFormLive(page: Page): Promise<void> {
  await page.locator('footer form').scrollIntoViewIfNeeded();
  await expect.poll(() => formsNotLive(page)).toEqual([]);
}

test('a product page is readable before JavaScript, then hydrates without mismatch or shift', async ({
  browser,
  page,
  makeProduct,
}) => {
  const product = await makeProduct({ label: 'server rendered bead', price: 1999 });
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  const res = await bare.goto(`/product/${product._id}`);
  expect(res!.status()).toBe(200);
  await expect(bare.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(bare.getByText('₹1,999').first()).toBeVisible();
  await expect(bare.getByTestId('startup-loader')).toBeHidden();
  await expect(bare).toHaveTitle(`${product.name} | Rudraksha Ratna`);
  await noScript.close();

  const errors = collectErrors(page);
  await expectHydrationKeepsHtml(page, `/product/${product._id}`);
  await expectEveryFormLive(page);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  expect(errors.filter((e) => HYDRATION.test(e))).toEqual([]);
  expect(errors).toEqual([]);
  await expectNoShift(page);
  // Hydrated: the buy box works.
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL(/\/cart/);
});

test('the home page hydrates without mismatch or shift, and is readable without JavaScript', async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/');
  await expect(bare.locator('section[aria-labelledby="explore-heading"] article')).toHaveCount(10);
  await expect(bare.locator('section[aria-labelledby="best-heading"] article')).toHaveCount(5);
  await noScript.close();

  const errors = collectErrors(page);
  await expectHydrationKeepsHtml(page, '/');
  await expectEveryFormLive(page);
  const explore = page.locator('section[aria-labelledby="explore-heading"] article');
  await expect(explore).toHaveCount(10);
  expect(errors).toEqual([]);
  await expectNoShift(page);
  // A collection page rendered on the server hydrates the same way.
  await expectHydrationKeepsHtml(page, '/category/gems');
  await expectEveryFormLive(page);
  expect(errors).toEqual([]);
  await expectNoShift(page);
});

test("the page's own stylesheets come with it once: a lazy page's code fetches them again for nothing", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.css')) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  // A product page's code (loaded on the way there) names the shared stylesheet among what it needs.
  await page.locator('a[href^="/product/"]').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('button', { name: /add to cart/i }).first()).toBeVisible();
  expect(fetched.filter((path) => /\/assets\/(shared|index)-/.test(path))).toEqual([]);
  // Only the page's own styles apply: no second link placed after the entry's.
  const live = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]'))
      .filter((link) => !link.disabled)
      .map((link) => new URL(link.href).pathname),
  );
  expect(live.filter((path) => /\/assets\/(shared|index)-/.test(path))).toEqual([]);
});

test('a static page and the 404 page come rendered and hydrate in place, without shift', async ({ browser, page }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/faqs');
  await expect(bare).toHaveTitle('FAQs | Rudraksha Ratna');
  await expect(bare.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(bare.getByText('Who can wear rudraksha?')).toBeVisible();
  await noScript.close();

  const errors = collectErrors(page);
  // The FAQ page's own code loads after the app's (a lazy part): its HTML stays until it has.
  await expectHydrationKeepsHtml(page, '/faqs');
  expect(errors).toEqual([]);
  await expectNoShift(page);
  await page.getByText('Who can wear rudraksha?').click();
  await expect(page.getByText('Anyone can wear rudraksha')).toBeVisible();

  await expectHydrationKeepsHtml(page, '/no/such/page');
  // The one error: the browser saying the page came as a 404.
  expect(errors).toEqual([expect.stringMatching(/status of 404/)]);
  await expectNoShift(page);
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL('/');
});

/**
 * A proxy in front of the shop that sends a page's HTML in two parts, pausing `pauseMs` after `cut` (the
 * page arrives slowly, as on a phone's network); everything else passes straight through.
 */
async function slowPageProxy(
  target: string,
  cut: string,
  pauseMs: number,
): Promise<{ url: string; close: () => void }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const isPage = (answer.headers['content-type'] ?? '').startsWith('text/html');
        const headers = { ...answer.headers };
        delete headers['content-length'];
        res.writeHead(answer.statusCode ?? 502, headers);
        if (!isPage) return void answer.pipe(res);
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const at = html.indexOf(cut);
          if (at < 0) return void res.end(html);
          res.write(html.slice(0, at + cut.length));
          setTimeout(() => res.end(html.slice(at + cut.length)), pauseMs);
        });
      },
    );
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * Opens `path` with its HTML paused 1.5 s after `cut` (see slowPageProxy), waits until `ready` holds
 * once the rest has come and the app has taken over, and checks that nothing painted moved.
 */
async function expectStillWhenArrivingInParts(
  page: Page,
  baseURL: string,
  { path, cut, ready }: { path: string; cut: string; ready: () => Promise<void> },
) {
  const proxy = await slowPageProxy(baseURL, cut, 1500);
  try {
    await page.goto(`${proxy.url}${path}`);
    await hydrated(page);
    await ready();
    await expectNoShift(page);
  } finally {
    proxy.close();
  }
}

test('a page that arrives in parts: what was painted first does not move when the rest comes', async ({
  page,
  baseURL,
}) => {
  // Cut inside the header's cart link: painted then, the menu would be short of its last links and
  // grow when they arrive, moving the search box (a CI run under load measured 0.0028 this way).
  await expectStillWhenArrivingInParts(page, baseURL!, {
    path: '/',
    cut: '<a class="_navCart',
    ready: () => expect(page.locator('section[aria-labelledby="explore-heading"] article')).toHaveCount(10),
  });
});

test('a collection that arrives in parts: the filters beside an empty list do not push the list down', async ({
  page,
  baseURL,
}) => {
  // Cut in the first card, after its picture: painted then, the filter panel (the taller column) shared
  // its height out between the sort bar's row and the list's, and the list jumped up by 200 px when the
  // rest of its cards came (a test run on a cold server measured 0.087).
  await expectStillWhenArrivingInParts(page, baseURL!, {
    path: '/category/gems',
    cut: '<div class="_body_',
    ready: () => expect(page.locator('main article').first()).toBeVisible(),
  });
});

test('a collection that arrives in parts: the sort box is as wide before its options come as after', async ({
  page,
  baseURL,
}) => {
  // Cut as the sort box opens: painted then, the box had no option yet and was 45 px wide, and it widened
  // when its options came, moving the sort bar (0.0012 in an e2e run with pages kept in memory).
  await expectStillWhenArrivingInParts(page, baseURL!, {
    path: '/category/gems',
    cut: '<select class="input">',
    ready: () => expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible(),
  });
});

test('a signed-in customer with a cart: the server-rendered page hydrates, then shows their name and cart', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  // The stored session and cart are read without zod in the browser (issue 13): a wrong shape would
  // show a signed-out header or an empty cart here.
  const customer = await makeCustomer('Hydrating');
  const product = await makeProduct({ label: 'hydration cart bead', price: 250 });
  const reviewer = await makeCustomer('Reviewer');
  const reviewed = await request.post(`/api/products/${product._id}/reviews`, {
    headers: { authorization: `Bearer ${reviewer.token}` },
    data: { rating: 4, comment: 'Smooth beads, well strung.' },
  });
  expect(reviewed.status()).toBe(201);
  await startSignedIn(page, customer);
  await page.evaluate((line) => localStorage.setItem('cartItems', JSON.stringify([line])), {
    product: product._id,
    name: product.name,
    image: product.image,
    price: 250,
    countInStock: 5,
    qty: 3,
  });
  const errors = collectErrors(page);
  // Hydrated as the server rendered it (signed out, an empty cart), then updated.
  await expectHydrationKeepsHtml(page, `/product/${product._id}`, { changesAfter: true });
  await expect(page.getByRole('banner').getByText(customer.name)).toBeVisible();
  await expect(page.getByRole('banner').getByLabel('3 items').filter({ visible: true })).toBeVisible();
  // Signed in after hydration: the review form (loaded when first shown) is there.
  await expect(page.getByRole('form', { name: 'Write a Customer Review' })).toBeVisible();
  // ... in place of the sign-in line only: the reviews part (taken over after the page) keeps the server's
  // elements, its review included.
  const gone = await page.evaluate(() => window.__rrHydration!.changes().filter((c) => c.startsWith('gone')));
  // (The header's Sign In link goes too, sooner or later as the header takes the session.)
  expect(gone.filter((change) => change !== 'gone: a "Sign In"')).toEqual([
    'gone: div "Please sign in to write a review."',
    'gone: a "sign in"',
  ]);
  await expect(page.getByText('Smooth beads, well strung.')).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('first load of a session', () => {
  test.use({ skipStartupLoader: false });

  test('shows the start-up loader over the rendered page, then not on the next load', async ({ page }) => {
    const errors = collectErrors(page);
    const started = Date.now();
    // From the first paint, not after the load (which may come after the 2 s on a busy machine).
    await page.goto('/', { waitUntil: 'commit' });
    const loader = page.getByTestId('startup-loader');
    await expect(loader).toBeVisible();
    // The page is already there underneath.
    await expect(page.locator('section[aria-labelledby="explore-heading"] article')).toHaveCount(10);
    // After the page's load, which a busy machine can take seconds to reach.
    await expect(loader).toBeHidden({ timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    await page.reload();
    await expect(page.locator('section[aria-labelledby="explore-heading"] article')).toHaveCount(10);
    await expect(loader).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

/** Holds the app's JavaScript, as a slow phone would be without it; call the result to let it come. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a form sent before the app has taken over the page is held, then sent with what was typed', async ({ page }) => {
  const release = await holdScripts(page);
  // Not the DOMContentLoaded event: it waits for the app's scripts.
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('textbox', { name: 'E-mail address' });
  const address = `early-${Date.now()}@example.in`;
  await box.fill(address);
  // Gone if the page is reloaded.
  await page.evaluate(() => Object.assign(window, { pageMark: 'first load' }));
  await page.getByRole('button', { name: 'Subscribe' }).click();
  // The browser did not send it itself (that would reload the page and lose the address).
  await expect(box).toHaveValue(address);
  release();
  await expect(page.getByText(/Thank you for subscribing/)).toBeVisible();
  await expect(box).toHaveValue('');
  expect(await page.evaluate(() => (window as { pageMark?: string }).pageMark)).toBe('first load');
});

test('text typed before the app has taken over is what the form sends afterwards', async ({ page }) => {
  const release = await holdScripts(page);
  // Not the DOMContentLoaded event: it waits for the app's scripts.
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('textbox', { name: 'E-mail address' });
  await box.fill(`typed-early-${Date.now()}@example.in`);
  release();
  await expect.poll(() => formsNotLive(page)).toEqual([]);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(/Thank you for subscribing/)).toBeVisible();
});

test("a product card's heart tapped before the app has taken over is answered once it has", async ({
  page,
  makeProduct,
}) => {
  const product = await makeProduct({ label: 'early heart bead', price: 640 });
  const release = await holdScripts(page);
  await page.goto(`/search/${encodeURIComponent(product.name)}`, { waitUntil: 'commit' });
  const heart = page.locator('article', { hasText: product.name }).getByRole('button', { name: 'Save to wishlist' });
  await heart.click();
  // Still the server's page: nothing has answered the tap yet, and the browser did not send it itself.
  await expect(page).toHaveURL(/\/search\//);
  release();
  // A guest's heart asks to sign in first, and comes back.
  await expect(page).toHaveURL(/\/login\?redirect=\/search\//);
});

test("a server-rendered button tapped before the app has taken over is answered once it has (the banner's dots)", async ({
  page,
}) => {
  // Reduced motion: the carousel does not turn by itself, so only the tap can show the second offer.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const second = page.getByRole('button', { name: 'Show offer 2' });
  await second.click();
  // Still the server's page: the tap is held, nothing has answered it yet.
  await expect(second).not.toHaveAttribute('aria-current', 'true');
  release();
  await expect(second).toHaveAttribute('aria-current', 'true');
});

test('a search typed before the app has taken over keeps its words and is searched once it has', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('neelam');
  await box.press('Enter');
  await expect(box).toHaveValue('neelam');
  release();
  await expect(page).toHaveURL('/search/neelam');
  await expect(box).toHaveValue('neelam');
});
