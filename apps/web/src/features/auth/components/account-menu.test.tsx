import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildSessionUser,
  createTestQueryClient,
  jsonResponse,
  mockPublicPagesApi,
  renderApp,
} from '../../../test/render';

describe('account menu', () => {
  it('moves between the items with the arrow keys, and the mode picker keeps focus until Escape gives it back', async () => {
    const user = userEvent.setup();
    mockPublicPagesApi();
    renderApp('/about', createTestQueryClient(buildSessionUser()));
    // The page first: until its lazy chunk has rendered, the layout may render again and close the menu.
    await screen.findByRole('heading', { level: 1, name: 'Nosotros' });
    await screen.findByTestId('account-name');
    const trigger = screen.getByRole('button', { name: /Menú de la cuenta/ });
    await user.click(trigger);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mi panel' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const modeItem = screen.getByRole('menuitem', { name: 'Elige tu modo' });
    expect(modeItem).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Elige tu modo' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('shows the signed-in name instead of the sign-in buttons, with dashboard, settings and sign-out', async () => {
    const user = userEvent.setup();
    const fetchMock = mockPublicPagesApi([], { '/api/auth/sign-out': () => jsonResponse({ ok: true }) });
    const queryClient = createTestQueryClient(buildSessionUser());
    const { router } = renderApp('/about', queryClient);
    await screen.findByRole('heading', { level: 1, name: 'Nosotros' });
    expect(await screen.findByTestId('account-name')).toHaveTextContent('Carlos Rivas');
    expect(screen.queryByRole('link', { name: 'Iniciar Sesión' })).not.toBeInTheDocument();
    // Its accessible name starts with the name it shows, so "click Carlos Rivas" works by voice (WCAG 2.5.3).
    const trigger = screen.getByRole('button', { name: /Menú de la cuenta/ });
    expect(trigger).toHaveAccessibleName('Carlos Rivas Menú de la cuenta');

    await user.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'Mi panel' })).toHaveAttribute('href', '/buyer/dashboard');
    expect(screen.getByRole('menuitem', { name: 'Configuración' })).toHaveAttribute('href', '/buyer/settings');

    await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Iniciar Sesión' }).length).toBeGreaterThan(0));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/sign-out' && init?.method === 'POST')).toBe(
      true,
    );
  });
});
