import { type OutboxEmail } from '@tradeops/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../lib/i18n';
import {
  buildSessionUser,
  createTestQueryClient,
  jsonResponse,
  mockApi,
  pageResponse,
  renderApp,
} from '../../test/render';

const admin = () => createTestQueryClient(buildSessionUser({ isAdmin: true, email: 'admin@tradeops.demo' }));
const FAILED_ID = '0b6f5f0e-6f0a-4d7e-9a55-3c1f2b8d9e01';

function mail(overrides: Partial<OutboxEmail>): OutboxEmail {
  return {
    id: '5a1d7c3e-2b4f-4c6d-8e9f-0a1b2c3d4e5f',
    to: 'comprador@tradeops.demo',
    kind: 'payment.confirmed',
    subject: 'Pago confirmado',
    text: 'Hola,\n\nTu pago fue confirmado.',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    nextAttemptAt: '2026-01-02T10:05:00.000Z',
    sentAt: '2026-01-02T10:00:02.000Z',
    ...overrides,
  };
}

describe('/admin/outbox', () => {
  it('lists the mails with state, tries and last error, and resends a failed one', { timeout: 20_000 }, async () => {
    let resent = false;
    const failed = () =>
      mail({
        id: FAILED_ID,
        to: 'nadie@example.test',
        kind: 'kyc.approved',
        subject: 'Verificación aprobada',
        status: resent ? 'pending' : 'failed',
        attempts: resent ? 0 : 8,
        lastError: resent ? null : 'EENVELOPE 550: No such mailbox',
        sentAt: null,
      });
    const posted: string[] = [];
    mockApi({
      '/api/admin/outbox': () =>
        pageResponse([failed(), mail({ status: 'pending', attempts: 0, sentAt: null, id: 'p-1' })], {
          smtpConfigured: true,
        }),
      [`/api/admin/outbox/${FAILED_ID}/resend`]: (url) => {
        posted.push(url.pathname);
        resent = true;
        return jsonResponse({ data: failed() });
      },
    });
    renderApp('/admin/outbox', admin());
    const table = await screen.findByRole('table', { name: 'Correos salientes' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const failedRow = rows[1]!;
    expect(within(failedRow).getByText('nadie@example.test')).toBeInTheDocument();
    expect(within(failedRow).getByText('Fallido')).toBeInTheDocument();
    expect(within(failedRow).getByText('8')).toBeInTheDocument();
    expect(within(failedRow).getByText('EENVELOPE 550: No such mailbox')).toBeInTheDocument();
    // A pending mail has no resend: it is on its way.
    expect(within(rows[2]!).queryByRole('button', { name: /Reenviar/ })).toBeNull();
    expect(within(rows[2]!).getByText('Pendiente')).toBeInTheDocument();

    await userEvent.click(within(failedRow).getByRole('button', { name: 'Reenviar: nadie@example.test' }));
    expect(posted).toEqual([`/api/admin/outbox/${FAILED_ID}/resend`]);
    expect(await screen.findByText('El correo volvió a la cola de envío.')).toBeInTheDocument();
    // Read again: the row is back in the queue.
    expect(await within(table).findAllByText('Pendiente')).toHaveLength(2);
    expect(screen.queryByText('No hay servidor SMTP configurado', { exact: false })).toBeNull();
  });

  it('names each mail by what it is, never by its template key, in both languages', { timeout: 20_000 }, async () => {
    mockApi({
      '/api/admin/outbox': () =>
        pageResponse(
          [
            mail({ id: 'a-1', kind: 'auth.verifyMail', subject: 'TradeOps: confirma tu correo' }),
            mail({ id: 'a-2', kind: 'payment.confirmed', subject: 'TradeOps: tu pago' }),
            mail({ id: 'a-3', kind: 'retired.kind', subject: 'TradeOps: aviso' }),
          ],
          { smtpConfigured: true },
        ),
    });
    renderApp('/admin/outbox', admin());
    const table = await screen.findByRole('table', { name: 'Correos salientes' }, { timeout: 10_000 });
    const [, verify, payment, retired] = within(table).getAllByRole('row');
    expect(within(verify!).getByText('Confirmación del correo')).toBeInTheDocument();
    expect(within(payment!).getByText('Pago confirmado')).toBeInTheDocument();
    expect(within(retired!).getByText('Otro correo')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('auth.verifyMail');
    expect(table).not.toHaveTextContent('payment.confirmed');

    await applyLanguage('en');
    const english = await screen.findByRole('table', { name: 'Outgoing mail' });
    expect(within(english).getByText('Address confirmation')).toBeInTheDocument();
    expect(within(english).getByText('Payment confirmed')).toBeInTheDocument();
    expect(english).not.toHaveTextContent('auth.verifyMail');
  });

  it('says so when no SMTP server is configured', { timeout: 20_000 }, async () => {
    mockApi({ '/api/admin/outbox': () => pageResponse([], { smtpConfigured: false }) });
    renderApp('/admin/outbox', admin());
    expect(
      await screen.findByText(
        'No hay servidor SMTP configurado (SMTP_URL): los correos esperan aquí sin enviarse.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Todavía no hay correos.')).toBeInTheDocument();
  });
});
