import { type ApiKey, type WebhookDelivery, type WebhookEndpoint } from '@tradeops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { IntegrationsSettings } from './integrations-settings';

const KEY: ApiKey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'ERP',
  scope: 'read',
  prefix: 'tok_abcdefgh',
  apiVersion: '2026-11-27',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
const ENDPOINT: WebhookEndpoint = {
  id: '22222222-2222-4222-8222-222222222222',
  url: 'https://erp.caribe.example/hooks',
  events: [],
  apiVersion: '2026-11-27',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const FAILED: WebhookDelivery = {
  id: '33333333-3333-4333-8333-333333333333',
  eventId: '44444444-4444-4444-8444-444444444444',
  eventType: 'payment.confirmed',
  status: 'failed',
  attempts: 8,
  lastStatusCode: 500,
  lastError: 'the receiver answered 500',
  createdAt: '2026-11-21T10:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
};

describe('IntegrationsSettings', () => {
  it('creates a key and shows it once, and revokes a key after a confirmation', async () => {
    const user = userEvent.setup();
    let keys = [KEY];
    const revoked: string[] = [];
    mockApi({
      '/api/account/api-keys': (_url, init) => {
        if (init?.method !== 'POST') return jsonResponse({ keys });
        const body = JSON.parse(String(init.body)) as { name: string; scope: ApiKey['scope'] };
        const created = { ...KEY, id: '55555555-5555-4555-8555-555555555555', name: body.name, scope: body.scope };
        keys = [created, ...keys];
        return jsonResponse({ apiKey: created, key: `tok_${'z'.repeat(43)}` }, 201);
      },
      [`/api/account/api-keys/${KEY.id}/revoke`]: () => {
        revoked.push(KEY.id);
        keys = keys.map((key) => (key.id === KEY.id ? { ...key, revokedAt: '2026-11-26T10:00:00.000Z' } : key));
        return jsonResponse(keys.find((key) => key.id === KEY.id));
      },
      '/api/account/webhooks': () => jsonResponse({ endpoints: [] }),
    });
    renderWithProviders(<IntegrationsSettings />);
    expect(await screen.findByText('ERP')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear clave' }));
    expect(await screen.findByText('Ponle un nombre a la clave.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre de la clave'), 'Logística');
    await user.selectOptions(screen.getByLabelText('Permiso'), 'write');
    await user.click(screen.getByRole('button', { name: 'Crear clave' }));
    expect(await screen.findByText(`tok_${'z'.repeat(43)}`)).toBeInTheDocument();
    expect(screen.getByText(/no se volverá a mostrar/)).toBeInTheDocument();
    expect(await screen.findByText('Logística')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revocar la clave ERP' }));
    expect(revoked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirmar la revocación de la clave ERP' }));
    await waitFor(() => expect(revoked).toEqual([KEY.id]));
    expect(await screen.findByText('Revocada')).toBeInTheDocument();
  });

  it('shows a key pinned to the first API version and moves it to the current one', async () => {
    const user = userEvent.setup();
    let key: ApiKey = { ...KEY, apiVersion: '2026-11-25' };
    const sent: unknown[] = [];
    mockApi({
      '/api/account/api-keys': () => jsonResponse({ keys: [key] }),
      [`/api/account/api-keys/${KEY.id}/version`]: (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { apiVersion: ApiKey['apiVersion'] };
        sent.push({ method: init?.method, body });
        key = { ...key, apiVersion: body.apiVersion };
        return jsonResponse(key);
      },
      '/api/account/webhooks': () => jsonResponse({ endpoints: [] }),
    });
    renderWithProviders(<IntegrationsSettings />);
    const version = await screen.findByLabelText('Versión de la API de la clave ERP');
    expect(version).toHaveValue('2026-11-25');
    expect(screen.getByText(/campos de la primera versión \(snake_case\)/)).toBeInTheDocument();

    await user.selectOptions(version, '2026-11-27');
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', body: { apiVersion: '2026-11-27' } }]));
    await waitFor(() => expect(screen.getByLabelText('Versión de la API de la clave ERP')).toHaveValue('2026-11-27'));
    expect(screen.queryByText(/campos de la primera versión/)).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: '2026-11-27 (actual)' })).toBeInTheDocument();
  });

  it('refuses a URL that is not http(s), shows a new endpoint’s secret once, and resends a failed delivery', async () => {
    const user = userEvent.setup();
    const resent: string[] = [];
    let endpoints: WebhookEndpoint[] = [];
    mockApi({
      '/api/account/api-keys': () => jsonResponse({ keys: [] }),
      '/api/account/webhooks': (_url, init) => {
        if (init?.method !== 'POST') return jsonResponse({ endpoints });
        endpoints = [ENDPOINT];
        return jsonResponse({ endpoint: ENDPOINT, secret: `whsec_${'s'.repeat(43)}` }, 201);
      },
      [`/api/account/webhooks/${ENDPOINT.id}/deliveries`]: () => jsonResponse({ deliveries: [FAILED] }),
      [`/api/account/webhooks/deliveries/${FAILED.id}/resend`]: () => {
        resent.push(FAILED.id);
        return jsonResponse({ ...FAILED, status: 'pending', attempts: 0 });
      },
    });
    renderWithProviders(<IntegrationsSettings />);
    expect(await screen.findByText('Aún no tienes webhooks.')).toBeInTheDocument();

    const url = screen.getByLabelText('URL del webhook');
    await user.type(url, 'ftp://erp.caribe.example');
    await user.click(screen.getByRole('button', { name: 'Agregar webhook' }));
    expect(await screen.findByText(/Escribe una URL http/)).toBeInTheDocument();

    await user.clear(url);
    await user.type(url, ENDPOINT.url);
    await user.click(screen.getByRole('button', { name: 'Agregar webhook' }));
    expect(await screen.findByText(`whsec_${'s'.repeat(43)}`)).toBeInTheDocument();
    const item = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    expect(within(item).getByLabelText(`Versión de la API del webhook ${ENDPOINT.url}`)).toHaveValue('2026-11-27');

    await user.click(within(item).getByRole('button', { name: 'Ver envíos' }));
    expect(await within(item).findByText('payment.confirmed')).toBeInTheDocument();
    expect(within(item).getByText('Fallido')).toBeInTheDocument();
    expect(within(item).getByText('the receiver answered 500')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(resent).toEqual([FAILED.id]));
  });
});
