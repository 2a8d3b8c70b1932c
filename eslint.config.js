import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { dependencyZones, workspacePackageBlocks } from './eslint/dependency-graph.js';
import {
  baselineProcessor,
  functionSizeFiles,
  functionSizeIgnores,
  functionSizeRules,
} from './eslint/function-size.js';

const root = import.meta.dirname;

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
  // The dependency graph (eslint/dependency-graph.js, decisions 0012, 0014, 0036): one rule for every
  // file, so that no later block replaces its zones. The web and server blocks below add their own.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      // Imports name their files with extensions, so Node's resolution finds them.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          // Zones are paths from the repository root, wherever eslint is started.
          basePath: root,
          zones: [
            ...dependencyZones(new URL('./', import.meta.url)),
            // Web (decision 0014): only app/ composes; shared components and lib know no feature.
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
            // Server (decision 0012): the seed and create-admin scripts in db/ are tasks that compose
            // modules, like app.ts; the rest of the database layer, plugins and adapters import none.
            {
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
          ],
        },
      ],
    },
  },
  // Workspaces named as packages (@rr/server), which the zones above cannot see.
  ...workspacePackageBlocks(),
  // Small functions (decision 0036), with the baseline of those that were larger when the rules came.
  {
    files: functionSizeFiles,
    ignores: functionSizeIgnores,
    processor: baselineProcessor(root),
    rules: functionSizeRules,
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
  // Web imports (decision 0014; who may import whom is the graph block's): nothing imports in a circle,
  // and imports name their files' extensions.
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
    },
  },
  // Server imports (decision 0012; who may import whom is the graph block's): no import cycles, and
  // imports name their files' .ts extensions.
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
    },
  },
);
