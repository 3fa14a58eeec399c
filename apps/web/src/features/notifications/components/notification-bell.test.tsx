import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';
const NOTIFICATION = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  type: 'payment.confirmed',
  data: {},
  operationId: OPERATION_ID,
  readAt: null,
  createdAt: '2026-05-04T10:00:00.000Z',
};

describe('NotificationBell', () => {
  it('shows the unread count, opens the list, marks one read, and Escape closes it with focus back on the bell', async () => {
    const user = userEvent.setup();
    let unread = 1;
    mockApi({
      '/api/notifications/unread-count': () => jsonResponse({ unreadCount: unread }),
      '/api/notifications': () =>
        jsonResponse({
          items: [{ ...NOTIFICATION, readAt: unread ? null : NOTIFICATION.createdAt }],
          unreadCount: unread,
          nextCursor: null,
          total: 3,
        }),
      [`/api/notifications/${NOTIFICATION.id}/read`]: () => {
        unread = 0;
        return jsonResponse({ unreadCount: 0 });
      },
    });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');

    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    expect(panel).toBeVisible();
    // The total of the whole list, not only what the page holds.
    expect(await within(panel).findByText('Mostrando 1 de 3')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Marcar como leída' }));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
    expect(bell).toHaveAccessibleName('Notificaciones');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notificaciones' })).not.toBeInTheDocument());
    await waitFor(() => expect(bell).toHaveFocus());
  });

  it('marks every notification read at once, and a link leads to the deal', async () => {
    const user = userEvent.setup();
    let unread = 2;
    const readAll = vi.fn();
    mockApi({
      '/api/notifications/unread-count': () => jsonResponse({ unreadCount: unread }),
      '/api/notifications': () =>
        jsonResponse({
          items: [
            { ...NOTIFICATION, readAt: unread ? null : NOTIFICATION.createdAt },
            {
              ...NOTIFICATION,
              id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
              readAt: unread ? null : NOTIFICATION.createdAt,
            },
          ],
          unreadCount: unread,
          nextCursor: null,
          total: 2,
        }),
      '/api/notifications/read-all': (_url, init) => {
        readAll(init?.method);
        unread = 0;
        return jsonResponse({ unreadCount: 0 });
      },
    });
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    // One deal, one entry: the latest, then the count and the earlier one behind a toggle.
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));
    expect(within(panel).getByTestId('notification-group')).toHaveTextContent('2 avisos · 2 sin leer');
    const toggle = within(panel).getByRole('button', { name: 'Ver todos (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(within(panel).getAllByRole('link', { name: i18n.t('notifications.viewOperation') })[0]).toHaveAttribute(
      'href',
      `/operation/${OPERATION_ID}/waiting`,
    );

    await user.click(within(panel).getByRole('button', { name: i18n.t('notifications.markAllRead') }));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
    expect(readAll).toHaveBeenCalledWith('POST');
    expect(within(panel).queryByRole('button', { name: i18n.t('notifications.markRead') })).not.toBeInTheDocument();
  });

  it.each([
    ['es', 'Azúcar refinada: la carga llegó a destino (23 nov 2026).'],
    ['en', 'Azúcar refinada: the cargo arrived (Nov 23, 2026).'],
  ] as const)('writes a step’s date in the viewer’s language (%s), not as YYYY-MM-DD', async (language, text) => {
    await setLanguage(language);
    mockApi({
      '/api/notifications/unread-count': () => jsonResponse({ unreadCount: 1 }),
      '/api/notifications': () =>
        jsonResponse({
          items: [
            {
              ...NOTIFICATION,
              type: 'operation.arrival',
              data: { operationId: OPERATION_ID, operationTitle: 'Azúcar refinada', date: '2026-11-23' },
            },
          ],
          unreadCount: 1,
          nextCursor: null,
          total: 1,
        }),
    });
    renderWithProviders(<NotificationBell />);
    await userEvent.click(await screen.findByTestId('notification-bell'));
    const panel = await screen.findByRole('region', { name: i18n.t('notifications.title') });
    expect(await within(panel).findByText(text)).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('2026-11-23');
  });

  it('says so when the list cannot be loaded, and its retry loads it', async () => {
    let calls = 0;
    mockApi({
      '/api/notifications/unread-count': () => jsonResponse({ unreadCount: 1 }),
      '/api/notifications': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'Error inesperado.' } }, 500)
          : jsonResponse({ items: [NOTIFICATION], unreadCount: 1, nextCursor: null, total: 1 });
      },
    });
    renderWithProviders(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: /Notificaciones/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('notifications.loadError'));
    expect(screen.queryByText(i18n.t('notifications.empty'))).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('notification-group')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });
});
