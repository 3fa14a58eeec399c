import '../lib/ui-runtime';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { LANGUAGE_COOKIE } from '@tradeops/shared';
import { ensureCatalog, i18n } from '../lib/i18n';

// Whole-app renders wait for lazy route chunks; on a busy CI machine that can take over the default second.
configure({ asyncUtilTimeout: 4000 });

// Components render here on their own, outside the routes that load their namespaces: every text is there.
await ensureCatalog('es');

// jsdom has no layout: scrolling is a no-op rather than a "not implemented" error.
window.scrollTo = () => {};

afterEach(async () => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
  if (i18n.language !== 'es') await i18n.changeLanguage('es');
});
