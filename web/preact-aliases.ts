/**
 * The app is written against React's API and runs on Preact through its compat layer (decision 0024):
 * every import of React, from our code and from the libraries, resolves to preact/compat. Used by the
 * Vite builds (browser and server rendering) and by Vitest, so the tests run what ships.
 */
export const reactToPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Libraries that import React. Node would load them with their own `import 'react'` (real React), so
 * the server rendering bundles them and Vitest transforms them: the aliases above then reach them too.
 */
export const reactLibraries = ['react-router', '@tanstack/react-query', '@testing-library/react'];
