import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRecoverableError } from './hydration-errors';

/** Says where it renders: a deliberate mismatch between the server's HTML and the browser's first render. */
function WhereAmI({ place }: { place: string }) {
  return <p>Rendered on the {place}</p>;
}

describe('hydration errors', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('logs an error when the browser’s first render differs from the server’s HTML', async () => {
    // The suite's setup fails a test on any console.error: here the errors are what is asserted on.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = renderToString(<WhereAmI place="server" />);
    document.body.append(container);

    await act(async () => {
      hydrateRoot(container, <WhereAmI place="browser" />, { onRecoverableError: reportRecoverableError });
    });

    // React redrew the page (the browser's text is there) and the hook reported it, as the e2e suite expects.
    expect(container.textContent).toBe('Rendered on the browser');
    const reports = logged.mock.calls.filter(([first]) => String(first).startsWith('[hydration]'));
    expect(reports).toHaveLength(1);
  });

  it('stays silent when the browser draws the server’s page as it is', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = renderToString(<WhereAmI place="server" />);
    document.body.append(container);

    await act(async () => {
      hydrateRoot(container, <WhereAmI place="server" />, { onRecoverableError: reportRecoverableError });
    });

    expect(logged.mock.calls.filter(([first]) => String(first).startsWith('[hydration]'))).toEqual([]);
  });
});
