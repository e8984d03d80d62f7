/**
 * TEST DOUBLE, never shipped: a local stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js).
 *
 * Stripe's servers cannot be reached from the test machine, so e2e/payments.spec.ts answers the
 * request @stripe/stripe-js makes for Stripe.js with this file (Playwright `page.route`), and routes
 * https://api.stripe.com to the local server speaking Stripe's HTTP API (src/server/test/stripe-server.ts).
 * Our code (src/client/features/payments/card-payment.tsx) and @stripe/react-stripe-js run unchanged,
 * under the app's own Content-Security-Policy.
 *
 * It implements exactly what they call, no more:
 * - `window.Stripe(publishableKey, options)` (and `Stripe.version`, which @stripe/stripe-js compares
 *   with the release it expects) -> an object with `elements`, `confirmCardPayment`, and the
 *   registration calls of the wrappers (`_registerWrapper`, `registerAppInfo`). `createToken` and
 *   `createPaymentMethod` exist only because react-stripe-js checks for them; they answer an error.
 * - `elements(options)` -> `create('card', options)` (one card Element, as Stripe.js allows),
 *   `getElement('card' | CardElement)`, `update`, `fetchUpdates`.
 * - the card Element: `mount`, `unmount`, `destroy`, `on`/`off`/`once` (`ready`, `change` with
 *   `empty`/`complete`/`error`/`brand`/`value.postalCode`, `focus`, `blur`), `update`, `focus`,
 *   `blur`, `clear`. Unlike Stripe's (an iframe of js.stripe.com), its fields are plain inputs in
 *   the page: card number, expiry (MM / YY), CVC and, unless `hidePostalCode`, ZIP.
 * - `confirmCardPayment(clientSecret, { payment_method: { card } })`: an incomplete card answers its
 *   validation error without a request, as Stripe.js does; otherwise it POSTs the card to
 *   https://api.stripe.com/v1/payment_intents/{id}/confirm, form-encoded with the publishable key
 *   (`key`) and `client_secret`, and answers `{ paymentIntent }` or `{ error }` (Stripe's error
 *   object, e.g. `card_declined`). A PaymentIntent that asks for 3D Secure (`requires_action`) is
 *   answered with an error naming it: this stand-in has no authentication page to show.
 */
(function () {
  'use strict';

  var API = 'https://api.stripe.com';
  var script = document.currentScript;
  // https://js.stripe.com/endive/stripe.js -> 'endive'; https://js.stripe.com/v3 -> 3.
  var release = script && /^https:\/\/js\.stripe\.com\/([a-z0-9]+)/.exec(script.src);
  var version = release ? (release[1] === 'v3' ? 3 : release[1]) : 3;

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function digits(value) {
    return String(value || '').replace(/\D/g, '');
  }

  function luhnValid(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return number.length > 0 && sum % 10 === 0;
  }

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    if (/^6(011|5)/.test(number)) return 'discover';
    return 'unknown';
  }

  function validationError(code, message) {
    return { type: 'validation_error', code: code, message: message };
  }

  function createCardElement(group, initialOptions) {
    var options = Object.assign({}, initialOptions);
    var listeners = {};
    var values = { number: '', expiry: '', cvc: '', postal: '' };
    var touched = {};
    var root = null;
    var inputs = {};
    var destroyed = false;

    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }

    /** The state of the fields: complete, and the error to show (invalid, or incomplete once left). */
    function check(all) {
      var number = digits(values.number);
      var numberLength = brandOf(number) === 'amex' ? 15 : 16;
      var expiry = digits(values.expiry);
      var cvc = digits(values.cvc);
      var cvcLength = brandOf(number) === 'amex' ? 4 : 3;
      var errors = [];
      if (number.length >= numberLength && !luhnValid(number))
        errors.push(validationError('invalid_number', 'Your card number is invalid.'));
      else if (number.length < numberLength && (all || touched.number))
        errors.push(validationError('incomplete_number', 'Your card number is incomplete.'));
      if (expiry.length === 4) {
        var month = Number(expiry.slice(0, 2));
        var year = 2000 + Number(expiry.slice(2));
        var now = new Date();
        if (month < 1 || month > 12)
          errors.push(validationError('invalid_expiry_month', "Your card's expiration date is invalid."));
        else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
          errors.push(validationError('invalid_expiry_year_past', "Your card's expiration year is in the past."));
      } else if (all || touched.expiry)
        errors.push(validationError('incomplete_expiry', "Your card's expiration date is incomplete."));
      if (cvc.length < cvcLength && (all || touched.cvc))
        errors.push(validationError('incomplete_cvc', "Your card's security code is incomplete."));
      if (!options.hidePostalCode && values.postal.trim() === '' && (all || touched.postal))
        errors.push(validationError('incomplete_zip', 'Your postal code is incomplete.'));
      var complete =
        number.length === numberLength &&
        luhnValid(number) &&
        expiry.length === 4 &&
        cvc.length === cvcLength &&
        (options.hidePostalCode || values.postal.trim() !== '') &&
        errors.length === 0;
      return { complete: complete, error: errors[0], number: number, expiry: expiry, cvc: cvc };
    }

    function changed() {
      var state = check(false);
      emit('change', {
        elementType: 'card',
        empty: !values.number && !values.expiry && !values.cvc && !values.postal,
        complete: state.complete,
        error: state.error,
        brand: brandOf(state.number),
        value: { postalCode: values.postal },
      });
    }

    function formatNumber(raw) {
      return digits(raw)
        .slice(0, 19)
        .replace(/(\d{4})(?=\d)/g, '$1 ');
    }
    function formatExpiry(raw) {
      var d = digits(raw).slice(0, 4);
      return d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
    }

    function field(name, label, placeholder, autocomplete, format, width) {
      var input = document.createElement('input');
      input.type = 'text';
      input.name = 'stand-in-' + name;
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      if (name !== 'postal') input.inputMode = 'numeric';
      input.style.cssText =
        'border:0;outline:0;background:transparent;color:inherit;font:inherit;min-width:0;padding:0;flex:' + width;
      input.addEventListener('input', function () {
        var next = format ? format(input.value) : input.value;
        if (next !== input.value) input.value = next;
        values[name] = input.value;
        changed();
      });
      input.addEventListener('focus', function () {
        emit('focus', { elementType: 'card' });
      });
      input.addEventListener('blur', function () {
        if (input.value) touched[name] = true;
        changed();
        emit('blur', { elementType: 'card' });
      });
      inputs[name] = input;
      return input;
    }

    function render() {
      root = document.createElement('div');
      root.setAttribute('role', 'group');
      root.setAttribute('aria-label', 'Credit or debit card');
      root.setAttribute('data-stripe-stand-in', 'card');
      var base = (options.style && options.style.base) || {};
      root.style.cssText = 'display:flex;gap:0.5rem;align-items:center;font-size:' + (base.fontSize || '16px');
      root.appendChild(field('number', 'Card number', '1234 1234 1234 1234', 'cc-number', formatNumber, '3 1 0'));
      root.appendChild(field('expiry', 'Expiration date MM / YY', 'MM / YY', 'cc-exp', formatExpiry, '1 1 0'));
      root.appendChild(field('cvc', 'CVC', 'CVC', 'cc-csc', digitsOnly(4), '0.8 1 0'));
      var postal = field('postal', 'ZIP', 'ZIP', 'postal-code', null, '1 1 0');
      if (options.hidePostalCode) postal.style.display = 'none';
      root.appendChild(postal);
      Object.keys(inputs).forEach(function (name) {
        inputs[name].value = values[name];
        inputs[name].disabled = !!options.disabled;
      });
    }

    function digitsOnly(max) {
      return function (raw) {
        return digits(raw).slice(0, max);
      };
    }

    var element = {
      mount: function (target) {
        if (destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node || !node.appendChild)
          throw integrationError(
            'Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.',
          );
        if (root) element.unmount();
        render();
        node.appendChild(root);
        setTimeout(function () {
          if (root && !destroyed) emit('ready', { elementType: 'card' });
        }, 0);
      },
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root);
        root = null;
        inputs = {};
      },
      destroy: function () {
        element.unmount();
        destroyed = true;
        listeners = {};
        group._remove(element);
      },
      on: function (event, handler) {
        (listeners[event] = listeners[event] || []).push(handler);
        return element;
      },
      once: function (event, handler) {
        var wrapped = function (payload) {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      off: function (event, handler) {
        if (!listeners[event]) return element;
        listeners[event] = handler
          ? listeners[event].filter(function (h) {
              return h !== handler;
            })
          : [];
        return element;
      },
      update: function (updates) {
        Object.assign(options, updates);
        if (!root) return;
        // In place: the fields keep what was typed and where the caret is.
        var base = (options.style && options.style.base) || {};
        root.style.fontSize = base.fontSize || '16px';
        inputs.postal.style.display = options.hidePostalCode ? 'none' : '';
        Object.keys(inputs).forEach(function (name) {
          inputs[name].disabled = !!options.disabled;
        });
        changed();
      },
      focus: function () {
        if (inputs.number) inputs.number.focus();
      },
      blur: function () {
        if (root && root.contains(document.activeElement)) document.activeElement.blur();
      },
      clear: function () {
        values = { number: '', expiry: '', cvc: '', postal: '' };
        touched = {};
        Object.keys(inputs).forEach(function (name) {
          inputs[name].value = '';
        });
        changed();
      },
      // For confirmCardPayment (of the same Stripe object only).
      _group: group,
      _isMounted: function () {
        return !!root && document.contains(root);
      },
      _card: function () {
        var state = check(true);
        return {
          complete: state.complete,
          error: state.error,
          number: state.number,
          exp_month: String(Number(state.expiry.slice(0, 2))),
          exp_year: String(2000 + Number(state.expiry.slice(2))),
          cvc: state.cvc,
          postal: values.postal.trim(),
        };
      },
    };
    return element;
  }

  function createElements(stripe, initialOptions) {
    var groupOptions = Object.assign({}, initialOptions);
    var created = {};
    var group = {
      create: function (type, options) {
        if (type !== 'card')
          throw integrationError(
            "The Locora test stand-in for Stripe.js implements only the 'card' Element, not '" + type + "'.",
          );
        if (created.card) throw integrationError('Can only create one Element of type card.');
        created.card = createCardElement(group, options);
        return created.card;
      },
      getElement: function (type) {
        var name = typeof type === 'string' ? type : type && type.__elementType;
        return created[name] || null;
      },
      update: function (options) {
        Object.assign(groupOptions, options);
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      _remove: function (element) {
        Object.keys(created).forEach(function (name) {
          if (created[name] === element) delete created[name];
        });
      },
      _stripe: stripe,
    };
    return group;
  }

  function Stripe(publishableKey, options) {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey))
      throw integrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    var stripeAccount = options && options.stripeAccount;
    var wrappers = [];
    var appInfo = null;
    var stripe = {};

    stripe.elements = function (elementsOptions) {
      return createElements(stripe, elementsOptions);
    };

    stripe.confirmCardPayment = function (clientSecret, data) {
      var match =
        typeof clientSecret === 'string' ? /^(pi_[A-Za-z0-9_]+?)_secret_[A-Za-z0-9]+$/.exec(clientSecret) : null;
      if (!match)
        throw integrationError(
          'Invalid value for confirmCardPayment: clientSecret should be a client secret of the form ${id}_secret_${secret}.',
        );
      var card = data && data.payment_method && data.payment_method.card;
      if (!card || !card._card || card._group._stripe !== stripe)
        throw integrationError(
          'Invalid value for confirmCardPayment: payment_method.card should be a card Element of this Stripe object.',
        );
      if (!card._isMounted())
        throw integrationError(
          'We could not retrieve data from the specified Element. Please make sure it is mounted.',
        );
      var entered = card._card();
      if (!entered.complete) return Promise.resolve({ error: entered.error });

      var body = new URLSearchParams();
      body.set('payment_method_data[type]', 'card');
      body.set('payment_method_data[card][number]', entered.number);
      body.set('payment_method_data[card][cvc]', entered.cvc);
      body.set('payment_method_data[card][exp_month]', entered.exp_month);
      body.set('payment_method_data[card][exp_year]', entered.exp_year);
      if (entered.postal) body.set('payment_method_data[billing_details][address][postal_code]', entered.postal);
      var billing = data.payment_method.billing_details;
      if (billing && billing.name) body.set('payment_method_data[billing_details][name]', billing.name);
      if (billing && billing.email) body.set('payment_method_data[billing_details][email]', billing.email);
      body.set('expected_payment_method_type', 'card');
      body.set('use_stripe_sdk', 'true');
      body.set('key', publishableKey);
      if (stripeAccount) body.set('_stripe_account', stripeAccount);
      body.set('client_secret', clientSecret);

      return fetch(API + '/v1/payment_intents/' + encodeURIComponent(match[1]) + '/confirm', {
        method: 'POST',
        body: body,
      }).then(
        function (response) {
          return response.json().then(function (json) {
            if (!response.ok) return { error: json.error };
            if (json.status === 'requires_action')
              return {
                error: {
                  type: 'invalid_request_error',
                  message:
                    'This card needs authentication (3D Secure), which the Stripe.js stand-in does not implement.',
                  payment_intent: json,
                },
              };
            return { paymentIntent: json };
          });
        },
        function () {
          return {
            error: {
              type: 'api_connection_error',
              message: 'We could not connect to Stripe. Check your connection and try again.',
            },
          };
        },
      );
    };

    // @stripe/react-stripe-js checks that these exist; Locora's checkout never calls them.
    stripe.createToken = function () {
      return Promise.resolve({
        error: {
          type: 'invalid_request_error',
          message: 'The Stripe.js stand-in of the e2e tests offers confirmCardPayment only, not createToken.',
        },
      });
    };
    stripe.createPaymentMethod = function () {
      return Promise.resolve({
        error: {
          type: 'invalid_request_error',
          message: 'The Stripe.js stand-in of the e2e tests offers confirmCardPayment only, not createPaymentMethod.',
        },
      });
    };

    // What @stripe/stripe-js and @stripe/react-stripe-js tell Stripe.js about themselves.
    stripe._registerWrapper = function (wrapper) {
      wrappers.push(wrapper);
    };
    stripe.registerAppInfo = function (info) {
      appInfo = info;
    };
    stripe._wrappers = function () {
      return { wrappers: wrappers.slice(), appInfo: appInfo };
    };
    return stripe;
  }
  Stripe.version = version;
  window.Stripe = Stripe;
})();
