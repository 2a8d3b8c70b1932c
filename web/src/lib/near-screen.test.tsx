import { afterEach, describe, expect, it, vi } from 'vitest';
import { nearScreen } from './near-screen.ts';

/**
 * nearScreen waits for an element to come near the screen (jsdom has no IntersectionObserver: each test
 * installs one whose callback it calls, as the browser would), or to be focused or touched first.
 */
type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
let observers: Array<{ callback: Callback; margin?: string; watched: Element[]; disconnected: boolean }> = [];

function installObserver() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      record: (typeof observers)[number];
      constructor(callback: Callback, options?: { rootMargin?: string }) {
        this.record = { callback, margin: options?.rootMargin, watched: [], disconnected: false };
        observers.push(this.record);
      }
      observe(element: Element) {
        this.record.watched.push(element);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

afterEach(() => {
  vi.unstubAllGlobals();
  observers = [];
  document.body.innerHTML = '';
});

describe('nearScreen', () => {
  it('waits until the element comes within the margin of the screen, then stops watching', async () => {
    installObserver();
    const footer = document.body.appendChild(document.createElement('footer'));
    const near = nearScreen(footer);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.watched).toEqual([footer]);
    expect(observers[0]!.margin).toBe('600px');
    observers[0]!.callback([{ isIntersecting: false }]);
    expect(await settled(near)).toBe(false);
    observers[0]!.callback([{ isIntersecting: true }]);
    expect(await settled(near)).toBe(true);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('resolves when the element is focused or touched before any observer says so', async () => {
    installObserver();
    const form = document.body.appendChild(document.createElement('form'));
    const input = form.appendChild(document.createElement('input'));
    const focused = nearScreen(form);
    expect(await settled(focused)).toBe(false);
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(await settled(focused)).toBe(true);
    expect(observers[0]!.disconnected).toBe(true);

    const touched = nearScreen(form);
    expect(await settled(touched)).toBe(false);
    form.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(await settled(touched)).toBe(true);
  });

  it('resolves at once with no element to watch, or with no IntersectionObserver', async () => {
    installObserver();
    expect(await settled(nearScreen(null))).toBe(true);
    expect(observers).toHaveLength(0);
    vi.unstubAllGlobals();
    expect('IntersectionObserver' in globalThis).toBe(false);
    expect(await settled(nearScreen(document.body.appendChild(document.createElement('div'))))).toBe(true);
  });
});
