import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetryQuery } from './query-client';

const serverError = new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' });
const notFound = new ApiError({ status: 404, code: 'OPERATION_NOT_FOUND', message: 'x' });

describe('query client policy (spec §9)', () => {
  it('retries a server or network failure up to three times', () => {
    expect(shouldRetryQuery(0, serverError)).toBe(true);
    expect(shouldRetryQuery(2, serverError)).toBe(true);
    expect(shouldRetryQuery(3, serverError)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x' }))).toBe(true);
  });

  it('never retries a 4xx answer', () => {
    expect(shouldRetryQuery(0, notFound)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'x' }))).toBe(false);
  });

  it('backs off exponentially and never waits more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('keeps unused data for 5 minutes and does not retry writes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.gcTime).toBe(5 * 60 * 1000);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
