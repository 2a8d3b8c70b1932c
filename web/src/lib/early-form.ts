import { useEffect, useRef, type RefObject } from 'react';

declare global {
  interface HTMLFormElement {
    /** Set once its component has taken the form over (public/early.js holds it until then). */
    __rrLive?: boolean;
  }
  interface Window {
    /** A server-rendered form sent before its component took it over, held by public/early.js. */
    __rrHeldForm?: HTMLFormElement;
    /** The last server-rendered button tapped before the app took the page over (public/early.js). */
    __rrHeldTap?: HTMLButtonElement;
    /** Set once the app has taken the page over (or rendered it itself): early.js holds no tap after. */
    __rrTakenOver?: boolean;
  }
}

const TEXT_FIELDS =
  'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=search], input[type=number], textarea';

/**
 * What a shopper did in a server-rendered form before the app took it over, handed to the app.
 *
 * Hydration keeps text typed into a field before it on the screen but not in the component's state
 * (Preact leaves a field's value alone while hydrating), so the form would send its old value (an empty
 * box said to be empty while it shows an address). Each such field is reported to the app as a change,
 * the way a keystroke is: an input event (a change event for a box ticked or a choice picked). Then the form is live, and if it was sent meanwhile (held by
 * public/early.js) it is sent now.
 */
export function takeOverForm(form: HTMLFormElement): void {
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    if (field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // Boxes ticked and choices picked meanwhile likewise (an add-on ticked before the take-over showed
  // ticked but was not in the component's state: its text field never came, nor the add-on to the cart).
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]')) {
    if (box.checked !== box.defaultChecked) box.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const select of form.querySelectorAll('select')) {
    if ([...select.options].some((option) => option.selected !== option.defaultSelected)) {
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
  form.__rrLive = true;
  if (window.__rrHeldForm !== form) return;
  window.__rrHeldForm = undefined;
  // After the state updates above have rendered, so the form's handler reads the typed values.
  setTimeout(() => {
    if (form.isConnected) form.requestSubmit();
  }, 0);
}

/**
 * For a form that is rendered on the server (its `ref`): taken over once its component has hydrated.
 * Every such form needs it, or early.js holds what is sent from it (the e2e hydration checks say so).
 */
export function useEarlyForm(): RefObject<HTMLFormElement | null> {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (ref.current) takeOverForm(ref.current);
  }, []);
  return ref;
}

/**
 * The app has taken the page over (main.tsx, right after hydrating, or before rendering a page the server
 * did not): taps go to it from now on, and the one public/early.js held meanwhile is tapped again, after
 * the parts that hydrate in tasks of their own (HydrateLater) have.
 */
export function takeOverTaps(): void {
  window.__rrTakenOver = true;
  const held = window.__rrHeldTap;
  window.__rrHeldTap = undefined;
  if (held) {
    setTimeout(() => {
      if (held.isConnected) held.click();
    }, 0);
  }
}
