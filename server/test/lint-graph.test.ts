import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

// Lint states the dependency graph (eslint/dependency-graph.js, decision 0036): each kind of forbidden
// import, written into a real file's place, fails the repository's own lint config; an allowed one passes.

const root = path.resolve(import.meta.dirname, '../..');
const graphRules = new Set(['import/no-restricted-paths', 'no-restricted-imports']);
// Only the graph's rules: no-cycle would read half the repository for every text.
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => graphRules.has(ruleId) });

async function graphErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  // (The function-size baseline also speaks for a real file's place: not these tests' business.)
  return result!.messages
    .filter((message) => message.ruleId && graphRules.has(message.ruleId))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

const forbidden: { kind: string; file: string; code: string; says: string }[] = [
  {
    kind: 'a module imports a module its row does not list (payments -> orders)',
    file: 'server/src/modules/payments/service.ts',
    code: "import { orderRoutes } from '../orders/index.ts';\nexport const x = orderRoutes;\n",
    says: 'The module payments may import offers, stock',
  },
  {
    kind: 'a module with no row entries imports another (addresses -> accounts)',
    file: 'server/src/modules/addresses/service.ts',
    code: "import { accountRoutes } from '../accounts/index.ts';\nexport const x = accountRoutes;\n",
    says: 'The module addresses may import nothing',
  },
  {
    kind: "a module imports an allowed module's internals (checkout -> orders/service.ts)",
    file: 'server/src/modules/checkout/service.ts',
    code: "import { insertOrder } from '../orders/service.ts';\nexport const x = insertOrder;\n",
    says: 'The module checkout may import fulfilment, messages, offers, orders, payments, pricing, shipping, stock, store-credit, each only through its index.ts',
  },
  {
    kind: 'a feature imports a feature its row does not list (cart -> checkout)',
    file: 'web/src/features/cart/cart-store.ts',
    code: "import * as checkout from '../checkout/index.ts';\nexport const x = checkout;\n",
    says: 'The feature cart may import catalog',
  },
  {
    kind: "a feature imports an allowed feature's internals (cart -> catalog/api.ts)",
    file: 'web/src/features/cart/cart-store.ts',
    code: "import * as api from '../catalog/api.ts';\nexport const x = api;\n",
    says: 'The feature cart may import catalog, each only through its index.ts',
  },
  {
    kind: "app/ imports a feature's internals (footer -> catalog/api.ts)",
    file: 'web/src/app/footer.tsx',
    code: "import * as api from '../features/catalog/api.ts';\nexport const x = api;\n",
    says: "app/ uses a feature only through that feature's index.ts",
  },
  {
    kind: 'core imports the server',
    file: 'core/src/money.ts',
    code: "import { loadConfig } from '../../server/src/config.ts';\nexport const x = loadConfig;\n",
    says: 'The workspace core may import nothing',
  },
  {
    kind: 'core imports the web',
    file: 'core/src/money.ts',
    code: "import * as client from '../../web/src/lib/api-client.ts';\nexport const x = client;\n",
    says: 'The workspace core may import nothing',
  },
  {
    kind: 'core imports the server by its package name',
    file: 'core/src/money.ts',
    code: "import { loadConfig } from '@rr/server/src/config.ts';\nexport const x = loadConfig;\n",
    says: 'The workspace core may import nothing',
  },
  {
    kind: 'the web imports the server',
    file: 'web/src/lib/api-client.ts',
    code: "import { loadConfig } from '../../../server/src/config.ts';\nexport const x = loadConfig;\n",
    says: 'The workspace web may import core',
  },
  {
    kind: 'the web imports the server by its package name',
    file: 'web/src/lib/api-client.ts',
    code: "import * as server from '@rr/server';\nexport const x = server;\n",
    says: 'The workspace web may import core',
  },
  {
    kind: 'the server imports the web',
    file: 'server/src/app.ts',
    code: "import * as web from '../../web/src/entry-server.tsx';\nexport const x = web;\n",
    says: 'The workspace server may import core',
  },
  {
    kind: 'a plugin imports a module',
    file: 'server/src/plugins/auth.ts',
    code: "import { paymentRoutes } from '../modules/payments/index.ts';\nexport const x = paymentRoutes;\n",
    says: 'plugins and adapters never import a module',
  },
  {
    kind: 'a shared component imports a feature',
    file: 'web/src/components/button.tsx',
    code: "import * as catalog from '../features/catalog/index.ts';\nexport const x = catalog;\n",
    says: 'Shared code knows no feature',
  },
  {
    kind: 'a feature imports app/',
    file: 'web/src/features/catalog/api.ts',
    code: "import * as footer from '../../app/footer.tsx';\nexport const x = footer;\n",
    says: 'Only app/ composes',
  },
];

describe('the dependency graph in lint', () => {
  it.each(forbidden)('fails when $kind', async ({ file, code, says }) => {
    const errors = await graphErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
  });

  it.each([
    [
      'a module imports a listed module through its index (checkout -> orders)',
      'server/src/modules/checkout/service.ts',
      "import { orderRoutes } from '../orders/index.ts';",
    ],
    [
      "app/ imports a feature's index (footer -> catalog)",
      'web/src/app/footer.tsx',
      "import * as catalog from '../features/catalog/index.ts';",
    ],
    [
      'a feature imports a listed feature through its index (cart -> catalog)',
      'web/src/features/cart/cart-store.ts',
      "import * as catalog from '../catalog/index.ts';",
    ],
    ['the web imports core by its package name', 'web/src/lib/api-client.ts', "import { errorCodes } from '@rr/core';"],
  ])('passes when %s', async (_kind, file, code) => {
    expect(await graphErrors(file, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });
});

interface GraphModule {
  serverModuleGraph: Record<string, string[]>;
  webFeatureGraph: Record<string, string[]>;
  dependencyZones(root: URL): unknown[];
}

describe('the graph table', async () => {
  const graph = (await import(pathToFileURL(path.join(root, 'eslint/dependency-graph.js')).href)) as GraphModule;
  const rootUrl = pathToFileURL(`${root}/`);
  const saved = { server: { ...graph.serverModuleGraph }, web: { ...graph.webFeatureGraph } };
  afterEach(() => {
    for (const key of Object.keys(graph.serverModuleGraph)) delete graph.serverModuleGraph[key];
    Object.assign(graph.serverModuleGraph, saved.server);
    Object.assign(graph.webFeatureGraph, saved.web);
  });

  it("states today's graph", () => {
    expect(graph.dependencyZones(rootUrl).length).toBeGreaterThan(0);
  });

  it('needs a row for every module folder', () => {
    delete graph.serverModuleGraph.stock;
    expect(() => graph.dependencyZones(rootUrl)).toThrow(/lacks a row for stock/);
  });

  it('refuses a cycle', () => {
    graph.webFeatureGraph.account = ['checkout'];
    expect(() => graph.dependencyZones(rootUrl)).toThrow(/cycle, account -> checkout -> account/);
  });
});
