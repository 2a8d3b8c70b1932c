/**
 * Resolves once `element` is within `margin` of the screen, or is focused or touched (a keyboard or a
 * finger gets there before any observer says so). At once where there is no element to watch (a page
 * the browser renders itself has not drawn it yet) or no IntersectionObserver (the server's render).
 */
export function nearScreen(element: Element | null | undefined, margin = '600px'): Promise<void> {
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const near = () => {
      observer.disconnect();
      element.removeEventListener('focusin', near);
      element.removeEventListener('pointerdown', near);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && near(), {
      rootMargin: margin,
    });
    observer.observe(element);
    element.addEventListener('focusin', near);
    element.addEventListener('pointerdown', near);
  });
}
