// The project's allowed dependencies, in one table (decisions 0012, 0014 and 0036). An arrow is "imports";
// what a row does not list is forbidden, and lint (import/no-restricted-paths) fails on it. A new module,
// feature or workspace goes into its table first: the config refuses to load while a folder is missing.
import { readFileSync, readdirSync } from 'node:fs';

/**
 * Server modules (server/src/modules/<m>): each may import the modules listed, and only through their
 * index.ts. Decision 0012 drew checkout -> orders, payments, stock; orders -> stock, catalog; payments ->
 * stock; decision 0016 fulfilment -> messages only. Payments never depends on orders: checkout is the one
 * owner that turns a verified payment into an order, so nothing in payments may reach for one. Decision
 * 0039: pricing (the quote) depends on nothing but the catalog's tables; only orders writes orders, so
 * fulfilment (dispatch, invoices, refunds) asks orders, and orders no longer knows fulfilment. Issue 26:
 * offers (coupons, sales) depends on nothing; pricing reads its rules, checkout counts uses, payments and
 * fulfilment give uses back, catalog and storefront show running sales. Issue 28: a delivery asks for
 * reviews of what was not reviewed yet (fulfilment -> reviews), and a review keeps only stored photos
 * (reviews -> uploads); the wishlist shows saved products as the catalog's cards, and its sold-out ones
 * wait for stock as stock's alerts do; store credit is a ledger of its own that checkout, payments and
 * fulfilment spend and give back; returns move through fulfilment's refunds and bookings. Issue 29: the
 * audit log depends on nothing, and every module where staff change data writes its entries there.
 */
export const serverModuleGraph = {
  accounts: ['audit', 'messages'],
  addresses: [],
  audit: [],
  catalog: ['audit', 'categories', 'offers', 'stock'],
  categories: ['audit'],
  checkout: ['fulfilment', 'messages', 'offers', 'orders', 'payments', 'pricing', 'shipping', 'stock', 'store-credit'],
  fulfilment: ['audit', 'messages', 'offers', 'orders', 'reviews', 'shipping', 'stock', 'store-credit'],
  messages: ['audit'],
  newsletter: [],
  offers: ['audit'],
  orders: ['audit', 'catalog', 'stock'],
  'owner-desk': ['audit', 'catalog', 'stock'],
  returns: ['audit', 'fulfilment', 'messages', 'orders', 'stock'],
  payments: ['offers', 'stock', 'store-credit'],
  pincode: ['shipping'],
  pricing: ['offers', 'shipping'],
  reviews: ['catalog', 'uploads'],
  seo: ['storefront'],
  shipping: ['audit'],
  stock: ['audit', 'messages'],
  'store-credit': ['audit'],
  storefront: ['catalog', 'offers', 'uploads'],
  uploads: ['audit'],
  wishlist: ['catalog', 'stock'],
};

/**
 * Web features (web/src/features/<f>), decision 0014's layers: each may import the features listed, and
 * only through their index.ts. What spans features is composed in web/src/app/.
 */
export const webFeatureGraph = {
  account: [],
  admin: ['account', 'catalog'],
  cart: ['catalog'],
  catalog: ['account', 'content'],
  checkout: ['account', 'cart'],
  content: [],
  newsletter: [],
  orders: ['account', 'catalog', 'content'],
};

/** The npm workspaces: core is shared by all and imports none; the server and the web never meet. */
export const workspaceGraph = {
  core: [],
  server: ['core'],
  web: ['core'],
  e2e: ['core'],
};

/**
 * Single files a workspace may use beyond its row: the bench's Lighthouse run (server/bench) starts
 * Chromium with the flags the e2e tests use; the e2e tests read the Hindi pages' texts from the web's
 * message files (issue 30), so they follow them.
 */
export const workspaceExceptions = {
  server: ['e2e/chromium-flags.ts'],
  e2e: ['web/src/i18n/en.ts', 'web/src/i18n/hi.ts'],
};

/** The packages' names (package.json "name"), as another workspace would import them. */
const packageName = (workspace) => `@rr/${workspace}`;

/** Fails when a table names something that does not exist, or a folder is missing from its table. */
function checkTable(name, table, folders) {
  const rows = Object.keys(table);
  const missing = folders.filter((folder) => !rows.includes(folder));
  const unknown = [...rows, ...Object.values(table).flat()].filter((entry) => !folders.includes(entry));
  if (missing.length || unknown.length) {
    throw new Error(
      `eslint/dependency-graph.js: ${name} ` +
        (missing.length ? `lacks a row for ${missing.join(', ')} ` : '') +
        (unknown.length ? `names ${[...new Set(unknown)].join(', ')}, which do not exist` : '') +
        ': the table says who may import whom (decision 0036).',
    );
  }
  const cycle = findCycle(table);
  if (cycle) throw new Error(`eslint/dependency-graph.js: ${name} has a cycle, ${cycle.join(' -> ')}.`);
}

/** A path that returns to its start, or null: the graph is layered, so a table with a cycle is wrong. */
function findCycle(table) {
  const done = new Set();
  const visit = (node, path) => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of table[node] ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of Object.keys(table)) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

const foldersIn = (root, relative) =>
  readdirSync(new URL(`${relative}/`, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const allowedList = (allowed) => (allowed.length ? allowed.join(', ') : 'nothing');

/**
 * `import/no-restricted-paths` zones stating the tables, for the repository at `root` (a file URL ending
 * in "/"). Zones are paths from the repository root; the rule's `basePath` must be that root.
 */
export function dependencyZones(root) {
  checkTable('serverModuleGraph', serverModuleGraph, foldersIn(root, 'server/src/modules'));
  checkTable('webFeatureGraph', webFeatureGraph, foldersIn(root, 'web/src/features'));
  checkTable(
    'workspaceGraph',
    workspaceGraph,
    JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).workspaces,
  );

  const moduleZones = Object.entries(serverModuleGraph).map(([name, allowed]) => ({
    target: `server/src/modules/${name}`,
    from: 'server/src/modules',
    except: [`./${name}`, ...allowed.map((other) => `./${other}/index.ts`)],
    message:
      `The module ${name} may import ${allowedList(allowed)}, each only through its index.ts ` +
      '(serverModuleGraph in eslint/dependency-graph.js, decision 0036).',
  }));
  const featureZones = Object.entries(webFeatureGraph).map(([name, allowed]) => ({
    target: `web/src/features/${name}`,
    from: 'web/src/features',
    except: [`./${name}`, ...allowed.map((other) => `./${other}/index.ts`)],
    message:
      `The feature ${name} may import ${allowedList(allowed)}, each only through its index.ts ` +
      '(webFeatureGraph in eslint/dependency-graph.js, decision 0036).',
  }));
  const appZone = {
    // The entry points compose features as app/ does.
    target: ['web/src/app', 'web/src/main.tsx', 'web/src/entry-server.tsx'],
    from: 'web/src/features',
    except: Object.keys(webFeatureGraph).map((feature) => `./${feature}/index.ts`),
    message: "app/ uses a feature only through that feature's index.ts (decision 0014).",
  };
  const workspaceZones = Object.entries(workspaceGraph).flatMap(([name, allowed]) =>
    Object.keys(workspaceGraph)
      .filter((other) => other !== name && !allowed.includes(other))
      .map((other) => ({
        target: name,
        from: other,
        except: (workspaceExceptions[name] ?? [])
          .filter((file) => file.startsWith(`${other}/`))
          .map((file) => `./${file.slice(other.length + 1)}`),
        message: `The workspace ${name} may import ${allowedList(allowed)} (workspaceGraph in eslint/dependency-graph.js).`,
      })),
  );
  return [...moduleZones, ...featureZones, appZone, ...workspaceZones];
}

/**
 * `no-restricted-imports` for the workspaces' package names (`@rr/server`), which no-restricted-paths
 * cannot see: those resolve through node_modules' links, outside the zones' folders. One config block
 * per workspace, since each forbids different names.
 */
export function workspacePackageBlocks() {
  return Object.entries(workspaceGraph).map(([name, allowed]) => {
    const forbidden = Object.keys(workspaceGraph).filter((other) => other !== name && !allowed.includes(other));
    return {
      files: [`${name}/**/*.{ts,tsx,js,mjs}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: forbidden.flatMap((other) => [packageName(other), `${packageName(other)}/**`]),
                message: `The workspace ${name} may import ${allowedList(allowed)} (workspaceGraph in eslint/dependency-graph.js).`,
              },
            ],
          },
        ],
      },
    };
  });
}
