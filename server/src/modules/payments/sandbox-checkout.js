/*
 * Rudraksha Ratna's sandbox stand-in for Razorpay's checkout.js (offline and tests only).
 * Same interface: new Razorpay(options); rzp.on('payment.failed', fn); rzp.open().
 * "Pay" asks the server to sign the result with the sandbox key secret, so the shop verifies it
 * exactly as it verifies Razorpay's.
 */
(function () {
  'use strict';

  function rupees(paise) {
    return '\u20b9' + (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.style.cssText = style;
    if (text) node.textContent = text;
    return node;
  }

  function Razorpay(options) {
    if (!options || !options.key || !options.order_id || !options.amount) {
      throw new Error('Razorpay sandbox: key, order_id and amount are required');
    }
    this.options = options;
    this.listeners = {};
  }

  Razorpay.prototype.on = function (event, handler) {
    this.listeners[event] = handler;
  };

  Razorpay.prototype.open = function () {
    var o = this.options;
    var listeners = this.listeners;
    var overlay = el(
      'div',
      'position:fixed;inset:0;z-index:2147483000;background:rgba(20,10,5,.6);display:flex;align-items:center;justify-content:center;padding:16px;font-family:system-ui,sans-serif',
    );
    var panel = el(
      'div',
      'background:#fff;color:#2b1d14;border-radius:12px;max-width:380px;width:100%;padding:20px;box-shadow:0 10px 40px rgba(0,0,0,.3)',
    );
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-labelledby', 'rzp-sandbox-title');
    var title = el('h2', 'margin:0 0 4px;font-size:1.2rem', 'Test payment (sandbox)');
    title.id = 'rzp-sandbox-title';
    var merchant = el(
      'p',
      'margin:0 0 12px;color:#6b5a4e',
      (o.name || 'Merchant') + ' \u00b7 ' + (o.description || ''),
    );
    var amount = el('p', 'margin:0 0 4px;font-size:1.6rem;font-weight:700', rupees(o.amount));
    var who = el(
      'p',
      'margin:0 0 16px;color:#6b5a4e;font-size:.9rem',
      [o.prefill && o.prefill.name, o.prefill && o.prefill.contact].filter(Boolean).join(' \u00b7 '),
    );
    var note = el(
      'p',
      'margin:0 0 16px;font-size:.85rem;color:#6b5a4e',
      'No money moves: this dialog stands in for Razorpay when no Razorpay keys are configured.',
    );
    var status = el('p', 'min-height:1.2em;margin:0 0 8px;color:#a12222;font-weight:600');
    status.setAttribute('role', 'status');
    var pay = el(
      'button',
      'display:block;width:100%;min-height:44px;margin-bottom:8px;border:0;border-radius:8px;background:#2b6b2f;color:#fff;font-weight:700;font-size:1rem;cursor:pointer',
      'Pay ' + rupees(o.amount),
    );
    var fail = el(
      'button',
      'display:block;width:100%;min-height:44px;margin-bottom:8px;border:1px solid #a12222;border-radius:8px;background:#fff;color:#a12222;font-weight:700;cursor:pointer',
      'Fail payment',
    );
    var close = el(
      'button',
      'display:block;width:100%;min-height:44px;border:1px solid #ccc;border-radius:8px;background:#fff;color:#2b1d14;cursor:pointer',
      'Cancel',
    );
    [pay, fail, close].forEach(function (b) {
      b.type = 'button';
    });
    [title, merchant, amount, who, note, status, pay, fail, close].forEach(function (n) {
      panel.appendChild(n);
    });
    overlay.appendChild(panel);
    document.body.appendChild(overlay);
    pay.focus();

    function finish() {
      overlay.remove();
    }
    function dismiss() {
      finish();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }

    pay.addEventListener('click', function () {
      pay.disabled = true;
      fail.disabled = true;
      status.textContent = 'Processing\u2026';
      fetch('/api/payments/sandbox/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ razorpay_order_id: o.order_id }),
      })
        .then(function (res) {
          return res.json().then(function (body) {
            if (!res.ok) throw new Error(body && body.message ? body.message : 'Sandbox payment failed');
            return body;
          });
        })
        .then(function (result) {
          finish();
          if (typeof o.handler === 'function') o.handler(result);
        })
        .catch(function (err) {
          status.textContent = err.message;
          pay.disabled = false;
          fail.disabled = false;
        });
    });

    fail.addEventListener('click', function () {
      finish();
      var handler = listeners['payment.failed'];
      if (typeof handler === 'function') {
        handler({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Your payment was declined (sandbox test).',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: o.order_id },
          },
        });
      }
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    });

    close.addEventListener('click', dismiss);
    overlay.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') dismiss();
    });
  };

  window.Razorpay = Razorpay;
})();
