import { LANGUAGE_STORAGE_KEY } from '@tradeops/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

async function renderAt(path: string, heading: string) {
  const result = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return result;
}

describe('Navbar', () => {
  it('shows the Spanish sections and, without a session, the sign-in and sign-up buttons', async () => {
    await renderAt('/about', 'Nosotros');
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    for (const name of ['Inicio', 'Nosotros', 'Operaciones', 'Blog', 'Contacto']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: 'Servicios' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Nosotros' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/signup');
  });

  it('switches the labels to English and remembers the choice', async () => {
    const user = userEvent.setup();
    await renderAt('/about', 'Nosotros');
    expect(screen.getByRole('button', { name: 'ES' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'EN' }));

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'About', 'Operations', 'Blog', 'Contact']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: 'Services' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('About us · TradeOps'));
  });

  it('opens Services from the keyboard and closes it with Escape', async () => {
    const user = userEvent.setup();
    await renderAt('/about', 'Nosotros');
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    const button = within(nav).getByRole('button', { name: 'Servicios' });
    expect(button).toHaveAttribute('aria-haspopup', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Debida diligencia' })).not.toBeInTheDocument();

    // Tabbing onto the button opens the menu, and the next Tab goes into it.
    while (document.activeElement !== button) await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Debida diligencia' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Debida diligencia' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(nav).getByRole('link', { name: 'Financiamiento' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(nav).getByRole('link', { name: 'Debida diligencia' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(within(nav).getByRole('link', { name: 'Debida diligencia' })).toHaveFocus();

    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Financiamiento' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens Services when the mouse hovers it', async () => {
    const user = userEvent.setup();
    await renderAt('/about', 'Nosotros');
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    const button = within(nav).getByRole('button', { name: 'Servicios' });
    await user.hover(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(nav).getByRole('link', { name: 'Debida diligencia' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Debida diligencia' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles the phone menu, which closes on Escape and on navigation', async () => {
    const user = userEvent.setup();
    await renderAt('/about', 'Nosotros');
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Cerrar menú');
    const panel = document.getElementById('mobile-menu');
    expect(panel).toBeVisible();
    // The page behind the open menu is out of reach.
    expect(screen.queryByRole('main')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.getByRole('main')).toBeInTheDocument();

    await user.click(toggle);
    await user.click(within(panel as HTMLElement).getByRole('link', { name: 'Contacto' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacto' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('keeps the page below the fixed bar and offers a skip link to it', async () => {
    await renderAt('/about', 'Nosotros');
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('main')).toHaveClass('pt-16');
    act(() => skip.focus());
    expect(skip).toHaveFocus();
  });
});
