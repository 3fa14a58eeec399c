// First: zod must never try eval under our CSP (see the file).
import './lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/provider';
import { createAppRouter } from './app/router';
import { restoreLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
// Created first so the current route's code starts loading while the language is restored.
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void restoreLanguage()
  .catch((error: unknown) => console.warn('[i18n] could not restore the saved language', error))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
