/**
 * Whether the user has done something (pressed, typed, submitted) on the page shown now, that is since
 * the last route change. A message that appears after such an action is its result and may be brought
 * into view; one that appears while a page loads is not, so arriving on a page never jumps it.
 */
let lastActionAt = -1;
let lastPageChangeAt = 0;

if (typeof document !== 'undefined') {
  const note = () => {
    lastActionAt = performance.now();
  };
  for (const type of ['pointerdown', 'keydown', 'submit'] as const) {
    document.addEventListener(type, note, { capture: true, passive: true });
  }
}

/** Called on every route change (path or query). */
export function notePageChange(): void {
  lastPageChangeAt = performance.now();
}

export function actedOnThisPage(): boolean {
  return lastActionAt > lastPageChangeAt;
}
