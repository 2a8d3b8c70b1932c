import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's modules (server/src/modules/<m>): each is used by the others only through its index.ts. */
const serverModules = readdirSync(new URL('server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web app's features: each may reach another only through that one's public index.ts. */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'server/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The app runs on Preact 10 (decision 0024), which keeps `ref` out of a function component's props
      // (React 19 passes it): such a prop would silently stay empty.
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSPropertySignature[key.name='ref']",
          message: 'Preact 10 does not pass `ref` to a function component as a prop: give it another name.',
        },
      ],
    },
  },
  // Web boundaries (decision 0014): app/ composes features; a feature is used through its index.ts;
  // shared components and lib know no feature and no app; and nothing imports in a circle.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Imports name their files with extensions, so Node's resolution finds them.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Files no-cycle reads to follow imports (only .js by default, which would see no cycle at all).
      'import/extensions': ['.ts', '.tsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-cycle': 'error',
      'import/extensions': ['error', 'always', { ignorePackages: true }],
      'import/no-restricted-paths': [
        'error',
        {
          // Zones are paths from the repository root, wherever eslint is started.
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `web/src/features/${feature}`,
              from: 'web/src/features',
              except: [
                feature,
                ...webFeatures.filter((other) => other !== feature).map((other) => `${other}/index.ts`),
              ],
              message: 'Use another feature only through its index.ts.',
            })),
            {
              target: ['web/src/features', 'web/src/components', 'web/src/lib'],
              from: 'web/src/app',
              message: 'Only app/ composes; nothing imports from it.',
            },
            {
              target: ['web/src/components', 'web/src/lib'],
              from: 'web/src/features',
              message: 'Shared code knows no feature.',
            },
          ],
        },
      ],
    },
  },
  // Server boundaries (docs/decisions/0012): no import cycles; the database layer, plugins and adapters
  // never import a module; a module uses another only through its public index.ts.
  {
    files: ['server/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      // Without these the plugin reads only .js files, and no-cycle sees no TypeScript import at all.
      'import/extensions': ['.ts'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import/no-cycle': 'error',
      'import/extensions': ['error', 'ignorePackages', { ts: 'always' }],
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              // The seed and create-admin scripts in db/ are tasks that compose modules, like app.ts.
              target: [
                'server/src/db/client.ts',
                'server/src/db/schema',
                'server/src/db/seed',
                'server/src/plugins',
                'server/src/adapters',
                'server/src/config.ts',
                'server/src/domain-error.ts',
              ],
              from: 'server/src/modules',
              message: 'The database layer, plugins and adapters never import a module: pass what they need in.',
            },
            ...serverModules.map((name) => ({
              target: `server/src/modules/${name}/**`,
              from: `server/src/modules/!(${name})/**`,
              except: ['**/server/src/modules/*/index.ts'],
              message: 'Another module is used only through its index.ts (server/src/modules/<module>/index.ts).',
            })),
          ],
        },
      ],
    },
  },
);
