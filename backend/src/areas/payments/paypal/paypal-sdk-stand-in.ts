/**
 * A stand-in of the PayPal JS SDK (the `window.paypal` that https://www.paypal.com/sdk/js defines),
 * served by the REST stand-in at `/sdk/js` for browser tests and the demo. It implements only what
 * @paypal/react-paypal-js's <PayPalButtons> calls: Buttons(options) → {isEligible, render, close,
 * updateProps}, with onInit actions (enable/disable), createOrder, onApprove, onCancel and onError.
 * Its "pay" button plays the buyer: it asks our createOrder for an order id, approves that order at the
 * REST stand-in (what the buyer does in PayPal's window), then calls onApprove; "card" does the same as the
 * real SDK's card funding button ("Carta di debito o di credito", shown to Italian buyers), with paymentSource
 * 'card'; "cancel" creates an order and calls onCancel. Plain ES2017 text, sent as it is to the browser.
 */
export const PAYPAL_SDK_STAND_IN_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var origin = new URL(script.src).origin;
  function approve(orderID) {
    return fetch(origin + '/standin/orders/' + encodeURIComponent(orderID) + '/approve', { method: 'POST' }).then(function (res) {
      if (!res.ok) throw new Error('stand-in: approvazione rifiutata (' + res.status + ')');
    });
  }
  function Buttons(options) {
    var enabled = true;
    var container = null;
    var buttons = [];
    var actions = {
      enable: function () { enabled = true; sync(); return Promise.resolve(); },
      disable: function () { enabled = false; sync(); return Promise.resolve(); },
    };
    function sync() {
      buttons.forEach(function (b) { b.disabled = !enabled; });
    }
    function fail(error) {
      if (typeof options.onError === 'function') options.onError(error);
    }
    function payWith(paymentSource) {
      return function () {
        if (!enabled) return;
        Promise.resolve(options.createOrder({ paymentSource: paymentSource }, {}))
          .then(function (orderID) {
            return approve(orderID).then(function () {
              return options.onApprove({ orderID: orderID, payerID: 'STANDINPAYER', paymentSource: paymentSource }, {});
            });
          })
          .catch(fail);
      };
    }
    function cancel() {
      if (!enabled) return;
      Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, {}))
        .then(function (orderID) {
          if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
        })
        .catch(fail);
    }
    function button(label, kind, onClick) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.setAttribute('data-paypal-stand-in', kind);
      b.className = kind === 'pay' ? 'btn btn-warning w-100 mb-2' : kind === 'card' ? 'btn btn-dark w-100 mb-2' : 'btn btn-link w-100';
      b.addEventListener('click', onClick);
      return b;
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('stand-in: contenitore assente'));
        buttons = [
          button('PayPal (simulazione)', 'pay', payWith('paypal')),
          button('Carta di debito o di credito (simulazione)', 'card', payWith('card')),
          button('Annulla il pagamento (simulazione)', 'cancel', cancel),
        ];
        buttons.forEach(function (b) { container.appendChild(b); });
        if (typeof options.onInit === 'function') options.onInit({}, actions);
        sync();
        return Promise.resolve();
      },
      close: function () {
        buttons.forEach(function (b) { b.remove(); });
        buttons = [];
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
    };
  }
  window.paypal = { version: 'stand-in', Buttons: Buttons };
})();
`;
