import { type ErrorCode } from '@tradeops/shared';
import type { z } from 'zod';
import type * as ContractsModule from './contracts';
import { currentLanguage, ensureNamespaces, i18n } from './i18n';

/** Codes the client produces itself, when no server answer could be read. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    fields?: Record<string, string>;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }

  /** A 4xx answer: the request itself is wrong, so sending it again will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export type Contracts = typeof ContractsModule;

/** Loads the shared contracts on demand (see contracts.ts); cached by the module loader after the first call. */
export function loadContracts(): Promise<Contracts> {
  return import('./contracts');
}

/** A response schema, or a loader of one: `(c) => c.ZPlatformStats` keeps zod out of the caller's bundle. */
export type SchemaSource<S extends z.ZodType> = S | ((contracts: Contracts) => S);

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData goes as multipart (uploads). */
  body?: unknown;
  signal?: AbortSignal;
}

/** How a request reaches the API: the browser's fetch, or the page renderer's on the server (entry-server.tsx). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server renderer answers API calls in-process, with the visitor's cookie and language. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503 || status === 502 || status === 504) return 'SERVICE_UNAVAILABLE';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return 'INTERNAL_ERROR';
}

async function readError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const contracts = await loadContracts().catch(() => null);
  const parsed = contracts?.ZApiError.safeParse(body);
  if (parsed?.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError({ status: response.status, code: code as ErrorCode, message, fields });
  }
  // No error body we understand (a proxy page, a crash): say something true in the user's language.
  const code = codeForStatus(response.status);
  const retryAfterSeconds = Number(response.headers.get('Retry-After')) || 60;
  // The error messages are a namespace of their own, fetched with the first one needed.
  await ensureNamespaces(currentLanguage(), ['errors']).catch(() => undefined);
  return new ApiError({
    status: response.status,
    code,
    message: i18n.t(`errors.${code}`, { seconds: retryAfterSeconds }),
  });
}

/**
 * Calls the TradeOps API: same-origin cookies, the UI language as
 * Accept-Language (the server translates its error messages with it), JSON in
 * and out, and the answer checked against the shared zod schema so a contract
 * drift fails loudly here rather than as `undefined` deep in a component.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schemaSource: SchemaSource<S>,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  // The schema (and zod with it) loads while the request is in flight.
  const schemaPromise =
    typeof schemaSource === 'function' ? loadContracts().then(schemaSource) : Promise.resolve(schemaSource);
  schemaPromise.catch(() => {}); // handled where it is awaited; avoids an unhandled rejection if fetch fails first

  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query is not a failure: let TanStack Query see the AbortError as is.
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: i18n.t('errors.network'), cause: error });
  }

  if (!response.ok) throw await readError(response);

  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  let schema: S;
  try {
    schema = await schemaPromise;
  } catch (error) {
    // The contracts chunk could not be fetched: for the user that is a connection problem.
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: i18n.t('errors.network'), cause: error });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.warn(`[api] ${path}: the response does not match its contract`, parsed.error.issues);
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: i18n.t('errors.invalidResponse'),
      cause: parsed.error,
    });
  }
  return parsed.data;
}
