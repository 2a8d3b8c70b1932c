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
// 3. Issue 30 (decision 0054): a Hindi page draws Devanagari in the shop's font (global.css) only when this
//    browser fetched it on an earlier page (`rr-devanagari`); otherwise in the device's own font, and the
//    shop's font is fetched once the page has loaded, for the pages after it. Nothing waits for it.
// 4. A tap on a server-rendered button (type=button: a banner's dot, the phone's menu or Filters) before the
//    app has taken the page over would do nothing. The last one is held here and tapped again once the app
//    has (`__rrTakenOver`, src/lib/early-form.ts's takeOverTaps, which main.tsx calls).
(function () {
  try {
    if (sessionStorage.getItem('rr.startupLoaderShown') !== '1') document.documentElement.classList.add('rr-startup');
  } catch {
    // No storage (a private mode): no loader, as before.
  }
  var root = document.documentElement;
  if (/^hi\b/.test(root.lang)) {
    var fontUrl = '/fonts/devanagari-subset.woff2';
    var fontKey = 'rr.devanagariFont';
    var fetched = null;
    try {
      fetched = localStorage.getItem(fontKey);
    } catch {
      // No storage: the device's own font.
    }
    if (fetched === fontUrl) root.classList.add('rr-devanagari');
    else if (window.FontFace) {
      // Two seconds after the load: by then the page is drawn and has fetched what it needs itself, so the
      // font's 57 kB never compete with its picture or scripts (nor count in Lighthouse's largest paint).
      window.addEventListener('load', function () {
        setTimeout(function () {
          // Loaded, not added to the page's fonts: this page keeps its font; the cache keeps ours.
          new FontFace('RR Devanagari', 'url(' + fontUrl + ')', { weight: '400 700' }).load().then(
            function () {
              try {
                localStorage.setItem(fontKey, fontUrl);
              } catch {
                // No storage: the next page uses the device's font again.
              }
            },
            function () {},
          );
        }, 2000);
      });
    }
  }
  // The forms the server sent: every form there is until the page has been read (the app renders none
  // before then), and only those.
  var served = null;
  document.addEventListener('DOMContentLoaded', function () {
    served = Array.prototype.slice.call(document.forms);
  });
  document.addEventListener(
    'click',
    function (event) {
      if (window.__rrTakenOver) return;
      var button = event.target instanceof Element ? event.target.closest('button[type=button]') : null;
      if (!button) return;
      event.preventDefault();
      window.__rrHeldTap = button;
    },
    true,
  );
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
