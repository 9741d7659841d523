/*
 * Podyssey host helper (optional). Include it on a course page next to Podyssey iframes:
 *
 *   <iframe src="https://example.org/podyssey/embed.html?scenario=happy-path&id=p1" data-podyssey></iframe>
 *   <script src="https://example.org/podyssey/podyssey-embed.js"></script>
 *
 * It keeps each [data-podyssey] iframe as tall as its content (the `resize` message) and exposes
 * window.Podyssey.send(iframe, type, data) → Promise of the reply, and window.Podyssey.on(iframe, type, fn).
 * Messages follow the embed protocol (docs/CONTRACTS.md §9 in the Podyssey repository): { podyssey: 1, id, type, reqId?, data? }.
 */
(function () {
  'use strict';
  if (window.Podyssey) return;
  var seq = 0;
  var pending = {};
  var listeners = [];
  function originOf(iframe) {
    try {
      return new URL(iframe.src, location.href).origin;
    } catch (e) {
      return '*';
    }
  }
  function idOf(iframe) {
    try {
      return new URL(iframe.src, location.href).searchParams.get('id') || 'podyssey';
    } catch (e) {
      return 'podyssey';
    }
  }
  function frames() {
    return Array.prototype.slice.call(document.querySelectorAll('iframe[data-podyssey]'));
  }
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || typeof m !== 'object' || m.podyssey !== 1) return;
    var iframe = null;
    frames()
      .concat(Array.prototype.slice.call(document.querySelectorAll('iframe')))
      .forEach(function (f) {
        if (f.contentWindow === event.source) iframe = f;
      });
    if (!iframe || event.origin !== originOf(iframe)) return;
    if (m.type === 'resize' && iframe.hasAttribute('data-podyssey') && m.data && m.data.height > 0) {
      iframe.style.height = Math.ceil(m.data.height) + 'px';
    }
    if (m.reqId !== undefined && pending[m.reqId]) {
      var p = pending[m.reqId];
      delete pending[m.reqId];
      if (m.type === 'error') p.reject(m.data);
      else p.resolve(m);
    }
    listeners.forEach(function (l) {
      if (l.iframe === iframe && (l.type === '*' || l.type === m.type)) l.fn(m.data, m);
    });
  });
  window.Podyssey = {
    send: function (iframe, type, data) {
      var reqId = 'h' + ++seq;
      return new Promise(function (resolve, reject) {
        pending[reqId] = { resolve: resolve, reject: reject };
        iframe.contentWindow.postMessage(
          { podyssey: 1, id: idOf(iframe), type: type, reqId: reqId, data: data },
          originOf(iframe),
        );
      });
    },
    on: function (iframe, type, fn) {
      listeners.push({ iframe: iframe, type: type, fn: fn });
    },
  };
})();
