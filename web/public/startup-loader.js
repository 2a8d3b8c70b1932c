// SPEC §2 / PRODUCT.md: the start-up loader covers the first page load of a browser session only.
// Run before the page paints, so the loader (markup in index.html, shown by the class) is there from
// the first frame over the server-rendered page, and never shows on later loads or without JavaScript.
try {
  if (sessionStorage.getItem('rr.startupLoaderShown') !== '1') document.documentElement.classList.add('rr-startup');
} catch {
  // No storage (a private mode): no loader, as before.
}
