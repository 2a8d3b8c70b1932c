import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { en } from '../i18n/en.ts';
import { outsideAppTexts } from '../i18n/index.tsx';

// A component rendered alone (no LanguageProvider) reads English texts: all of them, as if every text
// area had loaded (in the app the account's and the static pages' load with their pages).
Object.assign(outsideAppTexts, en);

// Vitest runs without globals, so Testing Library cannot register its own cleanup between tests.
afterEach(cleanup);

// Preact runs effects after the next frame, or after 100 ms at most (preact/hooks' afterNextFrame). A
// render in a file's last moments left that timer pending past jsdom's teardown, where the
// cancelAnimationFrame it calls is gone: an uncaught ReferenceError failed a CI run (2026-11-28, after
// order-page.test.tsx, all of whose tests had passed). Each file waits that long before it ends.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 150)));

// jsdom lays nothing out, so it has no scrolling; messages scroll themselves into view after an action.
Element.prototype.scrollIntoView = () => undefined;

// jsdom lacks the onpointer… handler properties of browsers. Preact takes an event's name from them
// ('onpointerdown' in an element: it listens for 'pointerdown'); without them it listens for 'PointerDown'.
for (const type of ['down', 'up', 'move', 'over', 'out', 'enter', 'leave', 'cancel']) {
  if (!(`onpointer${type}` in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, `onpointer${type}`, {
      value: null,
      writable: true,
      configurable: true,
    });
  }
}
