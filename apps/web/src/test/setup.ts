import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../lib/i18n';

// Whole-app renders wait for lazy route chunks; on a busy CI machine that can take over the default second.
configure({ asyncUtilTimeout: 4000 });

// The server renderer's tests run in Node (`@vitest-environment node`): no window there.
const hasWindow = typeof window !== 'undefined';

// jsdom has no layout: scrolling is a no-op rather than a "not implemented" error.
if (hasWindow) window.scrollTo = () => {};

afterEach(async () => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  vi.unstubAllGlobals();
  if (hasWindow) window.localStorage.clear();
  if (i18n.language !== 'es') await i18n.changeLanguage('es');
});
