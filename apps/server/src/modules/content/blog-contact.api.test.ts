import {
  type BlogListResponse,
  type BlogPost,
  CONTACT_RATE_LIMIT,
  type ContactMessagesResponse,
} from '@tradeops/shared';
import { readAllPages } from '../../test/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, contactMessages } from '../../db/schema';
import { type TestApp, createTestApp, sameOriginHeaders, signIn } from '../../test/test-app';

describe('blog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the published articles newest first in the reader’s language', async () => {
    const es = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json() as BlogListResponse;
    const en = (
      await t.app.inject({ method: 'GET', url: '/api/blog', headers: { 'x-lang': 'en' } })
    ).json() as BlogListResponse;
    expect(es.data.length).toBeGreaterThanOrEqual(3);
    expect(es.data.map((post) => post.slug)).toEqual(en.data.map((post) => post.slug));
    expect(es.data[0]?.title).not.toBe(en.data[0]?.title);
    const dates = es.data.map((post) => Date.parse(post.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('reads one article and hides drafts', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json() as BlogListResponse;
    const slug = data[0]?.slug ?? '';
    const post = (await t.app.inject({ method: 'GET', url: `/api/blog/${slug}` })).json() as BlogPost;
    expect(post.body.length).toBeGreaterThan(200);

    await t.db.update(blogPosts).set({ publishedAt: null }).where(eq(blogPosts.slug, slug));
    const hidden = await t.app.inject({ method: 'GET', url: `/api/blog/${slug}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const list = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json() as BlogListResponse;
    expect(list.data.map((item) => item.slug)).not.toContain(slug);
  });

  it('answers 404 for an unknown article and 400 for a malformed slug', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/no-such-post' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/Bad_Slug' })).statusCode).toBe(400);
  });
});

describe('POST /api/contact', () => {
  let t: TestApp;
  const send = (payload: unknown, ip = '203.0.113.7', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      remoteAddress: ip,
      headers: { ...sameOriginHeaders(), ...headers },
    });
  const valid = {
    name: 'Ana Pérez',
    email: 'Ana@Importadora.example',
    company: 'Importadora del Caribe',
    subject: 'Financiamiento',
    message: 'Quisiera saber cómo financiar mi parte de una operación de 10 toneladas.',
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a cross-site post (CSRF) and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
  });

  it('stores a valid message with its language', async () => {
    const response = await send(valid, '203.0.113.1', { 'x-lang': 'en' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Ana Pérez', email: 'ana@importadora.example', language: 'en' });
  });

  it('lists stored messages, newest first, for admins only', async () => {
    const sent = await send({ ...valid, message: 'Quisiera cotizar 20 t de café para marzo.' }, '203.0.113.9');
    expect(sent.statusCode).toBe(201);
    const admin = await signIn(t, 'admin@tradeops.demo');
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages', headers: admin });
    expect(listed.statusCode).toBe(200);
    const { items } = listed.json() as ContactMessagesResponse;
    expect(items[0]).toMatchObject({ id: (sent.json() as { id: string }).id, email: 'ana@importadora.example' });
    const buyer = await signIn(t, 'comprador@tradeops.demo');
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages', headers: buyer });
    expect(refused.statusCode).toBe(403);
  });

  it('lists every message a page at a time, newest first, each once, with the total (it stopped at 200)', async () => {
    // Five at one instant (ties broken by id) and three later: pages of 3 must still show each once.
    const instant = new Date('2026-03-01T10:00:00.000Z');
    await t.db.insert(contactMessages).values([
      ...Array.from({ length: 5 }, (_, index) => ({
        name: `Tie ${index}`,
        email: `tie${index}@example.com`,
        message: 'Mensaje del mismo instante.',
        createdAt: instant,
      })),
      ...Array.from({ length: 3 }, (_, index) => ({
        name: `Later ${index}`,
        email: `later${index}@example.com`,
        message: 'Mensaje posterior.',
        createdAt: new Date(instant.getTime() + (index + 1) * 60_000),
      })),
    ]);
    const admin = await signIn(t, 'admin@tradeops.demo');
    const all = await readAllPages<{ id: string; createdAt: string }>(
      t.app,
      '/api/admin/contact-messages?limit=3',
      admin,
    );
    const stored = await t.db.select({ id: contactMessages.id }).from(contactMessages);
    expect(all.total).toBe(stored.length);
    expect(all.items.map((item) => item.id).sort()).toEqual(stored.map((row) => row.id).sort());
    const times = all.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages?cursor=nope',
      headers: admin,
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses an invalid message with translated field errors and stores nothing', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const response = await send({ name: 'A', email: 'not-an-email', message: 'short' }, '203.0.113.2');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: {
          name: 'Escribe tu nombre (al menos 2 caracteres)',
          email: 'Por favor ingresa un correo electrónico válido',
          message: 'Escribe tu mensaje (al menos 10 caracteres)',
        },
      },
    });
    expect((await t.db.select().from(contactMessages)).length).toBe(before);
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per address per window, then answers RATE_LIMITED`, async () => {
    for (let index = 0; index < CONTACT_RATE_LIMIT.max; index += 1) {
      expect((await send(valid, '198.51.100.9')).statusCode).toBe(201);
    }
    const limited = await send(valid, '198.51.100.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Another address is not affected.
    expect((await send(valid, '198.51.100.10')).statusCode).toBe(201);
  });
});
