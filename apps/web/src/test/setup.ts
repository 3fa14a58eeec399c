import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { LANGUAGE_COOKIE } from '@tradeops/shared';
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
    document.title = '';
    document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
  }
  if (i18n.language !== 'es') await i18n.changeLanguage('es');
});
