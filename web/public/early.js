// Runs before the first paint: a blocking script in index.html's head, the one script the page runs
// before the app's own.
//
// 1. SPEC §2 / PRODUCT.md: the start-up loader covers the first page load of a browser session only. Its
//    class is set here, so the loader (markup in index.html) is there from the first frame over the
//    server-rendered page, and never shows on later loads or without JavaScript.
// 2. A server-rendered page shows its forms before the app has taken them over. A form sent in that
//    moment (a quick tap on a slow phone) would make the browser reload the page and lose what was typed.
//    A form the server sent is held here until its component has taken it over (it sets `__rrLive`,
//    src/lib/early-form.ts), which then sends it. Forms the app renders later are never held.
(function () {
  try {
    if (sessionStorage.getItem('rr.startupLoaderShown') !== '1') document.documentElement.classList.add('rr-startup');
  } catch {
    // No storage (a private mode): no loader, as before.
  }
  // The forms the server sent: every form there is until the page has been read (the app renders none
  // before then), and only those.
  var served = null;
  document.addEventListener('DOMContentLoaded', function () {
    served = Array.prototype.slice.call(document.forms);
  });
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement) || form.__rrLive) return;
      if (served && served.indexOf(form) < 0) return;
      event.preventDefault();
      window.__rrHeldForm = form;
    },
    true,
  );
})();
