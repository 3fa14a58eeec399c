/*
 * Taps and typing before the app has taken over a server-rendered page (docs/decisions/015): on a
 * slow phone the page is on screen a moment before its JavaScript runs, and a button pressed then
 * would do nothing. This small script (loaded async, ahead of the app) holds such presses and form
 * submissions, and notes fields typed into; main.tsx replays them once the page is hydrated
 * (window.__tradeopsReplayEarlyInput): one action per control, however often it was tapped, and none
 * for a form already being sent. Links need nothing: they navigate as plain links.
 */
(function () {
  var root = document.getElementById('root');
  // Loaded after the app already started (a slow download): nothing to hold.
  if (window.__tradeopsStarted || !root || !document.getElementById('server-page-state')) return;
  // One action per control, however often it was tapped (three taps on a form's send button are one
  // message, two on a toggle one request): the control (a submit button's form) and its replay.
  var held = [];
  var typed = [];
  function inRoot(node) {
    return node instanceof Element && root.contains(node);
  }
  function hold(control, replay) {
    for (var index = 0; index < held.length; index++) if (held[index].control === control) return;
    held.push({ control: control, replay: replay });
  }
  /** A form the app is already sending (its send button disabled or the form marked busy) is not sent again. */
  function isSubmitting(form) {
    return form.getAttribute('aria-busy') === 'true' || !!form.querySelector('[type="submit"]:disabled');
  }
  function onClick(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !inRoot(button)) return;
    event.preventDefault();
    event.stopPropagation();
    var form = button.type === 'submit' ? button.form : null;
    hold(form || button, function () {
      if (!button.isConnected || button.disabled || (form && isSubmitting(form))) return;
      button.click();
    });
  }
  function onSubmit(event) {
    var form = event.target;
    if (!inRoot(form)) return;
    event.preventDefault();
    hold(form, function () {
      if (form.isConnected && !isSubmitting(form)) form.requestSubmit();
    });
  }
  function onInput(event) {
    var field = event.target;
    if (inRoot(field) && typed.indexOf(field) === -1) typed.push(field);
  }
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  window.__tradeopsReplayEarlyInput = function () {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('change', onInput, true);
    typed.forEach(function (field) {
      if (!field.isConnected) return;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
    held.forEach(function (action) {
      action.replay();
    });
    held = [];
    typed = [];
  };
})();
