import { WIDGET_EVENTS } from '@studio/contracts';

/**
 * GET /widget.js: one line on the practice's website, `<script src="…/widget.js" data-medico="<slug>" async></script>`
 * (data-tipo=<visit type id> and data-sede=<location id> optional), puts the booking in a frame where the script
 * stands, with a link that opens it in a new tab (the way out when the browser blocks the frame's cookies). The frame
 * posts `prenotazione:riservata` and `prenotazione:confermata` to the host page (window "message" events, no
 * personal data); the script also dispatches them as DOM events on its own element. Plain ES5, no dependency.
 */
export function widgetScript(origin: string): string {
  const events = JSON.stringify(Object.values(WIDGET_EVENTS));
  return `(function () {
  var script = document.currentScript;
  if (!script || !script.parentNode) return;
  var base = ${JSON.stringify(origin)};
  var query = [];
  [['medico', 'data-medico'], ['tipo', 'data-tipo'], ['sede', 'data-sede']].forEach(function (p) {
    var value = script.getAttribute(p[1]);
    if (value) query.push(p[0] + '=' + encodeURIComponent(value));
  });
  var page = base + '/prenota' + (query.length ? '?' + query.join('&') : '');
  var frame = document.createElement('iframe');
  frame.src = page + (query.length ? '&' : '?') + 'widget=1';
  frame.title = 'Prenota una visita';
  frame.setAttribute('allow', 'payment; storage-access');
  frame.style.cssText = 'display:block;width:100%;min-height:760px;border:0';
  var link = document.createElement('a');
  link.href = page;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = 'Apri la prenotazione in una nuova scheda';
  script.parentNode.insertBefore(frame, script);
  script.parentNode.insertBefore(link, script);
  var events = ${events};
  window.addEventListener('message', function (event) {
    if (event.origin !== base || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || events.indexOf(data.type) < 0) return;
    script.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true }));
  });
})();
`;
}
