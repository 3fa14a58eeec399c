import { ZPlatformStats } from '@tradeops/shared';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, seededStats } from '../test/render';
import { apiRequest, ApiError } from './api-client';
import { i18n, setLanguage } from './i18n';

describe('apiRequest', () => {
  it('sends the UI language and same-origin credentials, and returns the parsed body', async () => {
    const fetchMock = mockApi({ '/api/stats': () => jsonResponse(seededStats) });
    await setLanguage('en');

    await expect(apiRequest('/api/stats', ZPlatformStats)).resolves.toEqual(seededStats);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/stats');
    expect(init?.credentials).toBe('same-origin');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('puts defined query values in the URL and leaves out empty ones', async () => {
    const fetchMock = mockApi({ '/api/stats': () => jsonResponse(seededStats) });
    await apiRequest('/api/stats', ZPlatformStats, { query: { status: 'all', q: '', limit: 6, x: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/stats?status=all&limit=6');
  });

  it('sends a JSON body with its content type', async () => {
    const fetchMock = mockApi({ '/api/stats': () => jsonResponse(seededStats) });
    await apiRequest('/api/stats', ZPlatformStats, { method: 'POST', body: { volume: 5 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"volume":5}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws an ApiError carrying the server code, translated message and field errors', async () => {
    mockApi({
      '/api/stats': () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Algunos datos no son válidos. Revisa el formulario.',
              fields: { email: 'Por favor ingresa un correo electrónico válido' },
            },
          },
          400,
        ),
    });
    const error = await apiRequest('/api/stats', ZPlatformStats).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Algunos datos no son válidos. Revisa el formulario.',
      fields: { email: 'Por favor ingresa un correo electrónico válido' },
      isClientError: true,
    });
  });

  it('names an unreadable error answer by its status, in the UI language', async () => {
    mockApi({ '/api/stats': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await apiRequest('/api/stats', ZPlatformStats).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 502,
      code: 'SERVICE_UNAVAILABLE',
      message: i18n.t('errors.SERVICE_UNAVAILABLE'),
      isClientError: false,
    });
  });

  it('loads the contract on demand when given a loader', async () => {
    mockApi({ '/api/stats': () => jsonResponse(seededStats) });
    await expect(apiRequest('/api/stats', (contracts) => contracts.ZPlatformStats)).resolves.toEqual(seededStats);
  });

  it('uses Retry-After in the message of a bare 429', async () => {
    mockApi({ '/api/stats': () => new Response('', { status: 429, headers: { 'Retry-After': '12' } }) });
    const error = await apiRequest('/api/stats', ZPlatformStats).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Demasiados intentos. Espera 12 segundos e intenta nuevamente.',
    });
  });

  it('turns a network failure into NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiRequest('/api/stats', ZPlatformStats).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: i18n.t('errors.network') });
  });

  it('lets a cancelled request reject with the abort itself', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.reject(abort)),
    );
    controller.abort();
    await expect(apiRequest('/api/stats', ZPlatformStats, { signal: controller.signal })).rejects.toBe(abort);
  });

  it('rejects an answer that breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ '/api/stats': () => jsonResponse({ activeOperations: 'many' }) });
    const error = await apiRequest('/api/stats', ZPlatformStats).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
