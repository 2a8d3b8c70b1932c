import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's modules (server/src/modules/<m>): each is used by the others only through its index.ts. */
const serverModules = readdirSync(new URL('server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    },
  },
  // Server boundaries (docs/decisions/0012): no import cycles; the database layer, plugins and adapters
  // never import a module; a module uses another only through its public index.ts.
  {
    files: ['server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads only .js files, and no-cycle sees no TypeScript import at all.
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'server/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/extensions': ['error', 'ignorePackages', { ts: 'always' }],
      'import-x/no-restricted-paths': [
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
              target: `server/src/modules/${name}`,
              from: `server/src/modules/!(${name})/**`,
              except: ['**/server/src/modules/*/index.ts'],
              message: `Another module is used only through its index.ts (server/src/modules/<module>/index.ts).`,
            })),
          ],
        },
      ],
    },
  },
);
