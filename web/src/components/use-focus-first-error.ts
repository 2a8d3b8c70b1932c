import { useLayoutEffect, useRef } from 'react';

/**
 * Issue 32: a form sent with errors takes the customer to the first field to fix, in the page's order:
 * scrolled to (its label too, below the fixed header: the page's scroll-padding) and focused. `errors`
 * is the form's errors (a new object on every check); call `sent()` when the form is sent. A server's
 * refusal naming a field, coming later, is gone to the same way.
 */
export function useFocusFirstError(errors: object) {
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useRef(false);

  // Before paint, so the page does not show at one place and then jump.
  useLayoutEffect(() => {
    if (!pending.current) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    pending.current = false;
    // The field with its label; a browser without scrollIntoView (a test's DOM) only focuses.
    const field = first.parentElement ?? first;
    if (typeof field.scrollIntoView === 'function') field.scrollIntoView({ block: 'start' });
    first.focus({ preventScroll: true });
  }, [errors]);

  return {
    formRef,
    sent: () => {
      pending.current = true;
    },
  };
}
