import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { ensureCatalog, i18n } from '../lib/i18n';

// Whole-app renders wait for lazy route chunks; on a busy CI machine that can take over the default second.
configure({ asyncUtilTimeout: 4000 });

// The server renderer's tests run in Node (`@vitest-environment node`): no window there.
const hasWindow = typeof window !== 'undefined';

// Components render here on their own, outside the routes that load their namespaces: every text is there.
await ensureCatalog('es');

// jsdom has no layout: scrolling is a no-op rather than a "not implemented" error.
if (hasWindow) window.scrollTo = () => {};

afterEach(async () => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  vi.unstubAllGlobals();
  // Test files share a worker's jsdom and modules (vitest.config.ts, isolate: false): nothing one test
  // set may reach the next file's tests.
  vi.useRealTimers();
  if (hasWindow) {
    window.localStorage.clear();
    window.sessionStorage.clear();
    if (window.location.pathname !== '/' || window.location.search || window.location.hash) {
      window.history.replaceState(null, '', '/');
    }
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]!.trim();
      if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
    }
    // Portals, links appended for a download, a body locked for a dialog, the head's page tags.
    document.body.replaceChildren();
    for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
    document.head.replaceChildren();
    document.title = '';
  }
  if (i18n.language !== 'es') await i18n.changeLanguage('es');
});

// The app's modules keep state (the realtime stream, the route data's provider, i18n's loaded
// namespaces): the next file imports them afresh. Only the jsdom window and the dependencies' modules
// are shared between files.
afterAll(() => {
  vi.resetModules();
});
