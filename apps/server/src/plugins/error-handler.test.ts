import { ZSignUpRequest } from '@tradeops/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { errorHandlerPlugin, errorResponses } from './error-handler';
import { i18nPlugin } from './i18n';
import { validatorCompiler } from './validation';

describe('error answers', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const server = Fastify({ logger: false, bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await server.register(i18nPlugin);
    await server.register(errorHandlerPlugin);
    server.post('/signup', { schema: { body: ZSignUpRequest } }, async () => ({ ok: true }));
    server.get('/crash', async () => {
      throw new Error('connection string postgres://admin:hunter2@db failed in module x');
    });
    server.get('/missing', async () => {
      throw new AppError('OPERATION_NOT_FOUND');
    });
    server.get('/limited', async () => {
      throw new AppError('RATE_LIMITED', { seconds: 42 });
    });
    server.get('/race', async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }),
      });
    });
    server.get('/nul-byte', async () => {
      throw new Error('Failed query: insert into "contact_messages" … params: Ana Pérez,ana@example.com', {
        cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
          code: '22021',
          severity: 'ERROR',
        }),
      });
    });
    // The same failures on a route that documents its answers: the error schemas serialise them.
    const documented = { response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(404, 500) } };
    server.get('/documented/missing', { schema: documented }, async () => {
      throw new AppError('OPERATION_NOT_FOUND');
    });
    server.get('/documented/crash', { schema: documented }, async () => {
      throw new Error('connection string postgres://admin:hunter2@db failed in module x');
    });
    server.get('/db-down', async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    });
    server.get('/deadlock', async () => {
      throw new Error('Failed query: select … for update', {
        cause: Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' }),
      });
    });
    await server.ready();
    app = server;
  });
  afterAll(async () => {
    await app.close();
  });

  it('hides the internals of a 500, giving only the request id to quote', async () => {
    const response = await app.inject({ method: 'GET', url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Error inesperado. Por favor intente nuevamente.',
        requestId: expect.any(String),
      },
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('maps an AppError to its status and translated message', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'OPERATION_NOT_FOUND', message: 'The operation does not exist.' },
    });
    const limited = await app.inject({ method: 'GET', url: '/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Demasiados intentos. Espera 42 segundos e intenta nuevamente.');
  });

  it('answers an unhandled integrity violation with CONFLICT and an unreachable database with 503', async () => {
    expect((await app.inject({ method: 'GET', url: '/race' })).json()).toMatchObject({ error: { code: 'CONFLICT' } });
    const down = await app.inject({ method: 'GET', url: '/db-down' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('answers a transaction the database rolled back (a deadlock: SQLSTATE 40P01) with 503 and Retry-After, not 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/deadlock', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('answers a value the database refused (a NUL byte: SQLSTATE 22021) with 400 VALIDATION_FAILED, not 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/nul-byte', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Some of the data is not valid. Check the form.' },
    });
    expect(response.body).not.toContain('ana@example.com');
  });

  it('translates the field messages of the shared schemas', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/signup',
      headers: { 'x-lang': 'en' },
      payload: {
        fullName: ' ',
        email: 'nope',
        password: 'short',
        companyName: 'ACME',
        country: 'XX',
        companyType: 'trader',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some of the data is not valid. Check the form.',
        fields: {
          fullName: 'Full name is required',
          email: 'Please enter a valid email address',
          password: 'Password must be at least 8 characters',
          country: 'Country is required',
        },
      },
    });
    // A missing field reads the schema's own "required" message (spec §5); never zod's English.
    const spanish = await app.inject({ method: 'POST', url: '/signup', payload: { email: '' } });
    expect(spanish.json().error.fields).toEqual({
      fullName: 'El nombre completo es requerido',
      email: 'El correo electrónico es requerido',
      password: 'La contraseña es requerida',
      companyName: 'El nombre de la empresa es requerido',
      country: 'El país es requerido',
      companyType: 'El tipo de empresa es requerido',
    });
  });

  it('sends the same error body through the schemas a route documents with errorResponses', async () => {
    for (const failure of ['missing', 'crash']) {
      const plain = await app.inject({ method: 'GET', url: `/${failure}`, headers: { 'x-lang': 'en' } });
      const documented = await app.inject({
        method: 'GET',
        url: `/documented/${failure}`,
        headers: { 'x-lang': 'en' },
      });
      expect(documented.statusCode).toBe(plain.statusCode);
      // Every field kept; only the request id differs from one request to the next.
      const { requestId, ...error } = plain.json().error;
      expect(documented.json()).toEqual({ error: requestId ? { ...error, requestId: expect.any(String) } : error });
    }
  });

  it('answers framework errors in the same shape', async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'La solicitud no es válida.' } });

    const tooLarge = await app.inject({ method: 'POST', url: '/signup', payload: { fullName: 'x'.repeat(2000) } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });

    const wrongType = await app.inject({
      method: 'POST',
      url: '/signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });
});
