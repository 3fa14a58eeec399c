/*
 * Taps and typing before the app has taken over a server-rendered page (docs/decisions/015): on a
 * slow phone the page is on screen a moment before its JavaScript runs, and a button pressed then
 * would do nothing. This small script (loaded async, ahead of the app) holds such presses and form
 * submissions, and notes fields typed into; main.tsx replays them once the page is hydrated
 * (window.__tradeopsReplayEarlyInput). Links need nothing: they navigate as plain links.
 */
(function () {
  var root = document.getElementById('root');
  // Loaded after the app already started (a slow download): nothing to hold.
  if (window.__tradeopsStarted || !root || !document.getElementById('server-page-state')) return;
  var held = [];
  var typed = [];
  function inRoot(node) {
    return node instanceof Element && root.contains(node);
  }
  function onClick(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !inRoot(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(function () {
      if (button.isConnected) button.click();
    });
  }
  function onSubmit(event) {
    var form = event.target;
    if (!inRoot(form)) return;
    event.preventDefault();
    held.push(function () {
      if (form.isConnected) form.requestSubmit();
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
    held.forEach(function (replay) {
      replay();
    });
    held = [];
    typed = [];
  };
})();
