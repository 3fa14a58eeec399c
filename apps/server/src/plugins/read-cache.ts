import { type RealtimeEventKind } from '@tradeops/shared';
import { gzipSync } from 'node:zlib';
import { type FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type z } from 'zod';
import { appPlugin } from './app-plugin';
import { type RealtimeSignal } from './realtime';

/** Changes that can alter a public operations answer (status, allocated tons, a new approval…). */
const INVALIDATING_KINDS: ReadonlySet<RealtimeEventKind> = new Set(['operation', 'order', 'waitlist']);
/** A safety net: even an announcement lost while the listener reconnects is outlived after this. */
export const READ_CACHE_TTL_MS = 10_000;
/** Enough for every filter combination in use; a flood of distinct searches evicts the oldest. */
export const READ_CACHE_MAX_ENTRIES = 500;

export interface ReadCache {
  /**
   * Sends the cached JSON of `key`, or loads it, checks it against `schema` (the route's
   * response contract, as the serializer would), serialises it once and keeps it until the
   * database announces a change to operations or orders (NOTIFY, on every instance).
   */
  sendJson<T>(reply: FastifyReply, key: string, schema: z.ZodType<T>, load: () => Promise<T>): Promise<FastifyReply>;
  /** The same invalidation for a value (not an answer): loaded once, kept until a change is announced. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

interface Entry {
  /** The JSON, encoded once: a string would be encoded to UTF-8 again on every send. */
  body: Buffer;
  /** The same answer gzipped, made on the first request that accepts it (browsers all do). */
  gzip: Buffer | null;
}

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const READ_CACHE_GZIP_MIN_BYTES = 1_024;

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && /\bgzip\b/.test(header) && !/\bgzip\s*;\s*q=0(?:\.0*)?\s*(?:,|$)/.test(header);
}

interface MemoEntry {
  value: Promise<unknown>;
}

/**
 * An in-process cache of the read-mostly public operation answers (catalogue, list, featured),
 * invalidated by the realtime feed (`app.realtime`, one LISTEN per instance on the channel the
 * migration-0004 triggers NOTIFY at commit). Requires the realtime plugin to be registered first.
 */
export const readCachePlugin = appPlugin(async (app) => {
  // Bounded by count and age (least recently used evicted first, expired ones dropped when read or
  // when room is needed): a flood of distinct searches cannot grow the heap.
  const entries = new LRUCache<string, Entry>({ max: READ_CACHE_MAX_ENTRIES, ttl: READ_CACHE_TTL_MS });
  // One per key being loaded at this moment: bounded by the requests in flight.
  const inFlight = new Map<string, Promise<Entry>>();
  const memos = new LRUCache<string, MemoEntry>({ max: READ_CACHE_MAX_ENTRIES, ttl: READ_CACHE_TTL_MS });
  // Bumped by every invalidation: a load that started before it must not store its answer.
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
    inFlight.clear();
    memos.clear();
  };

  const unsubscribe = app.realtime.subscribe((signal: RealtimeSignal) => {
    if (signal.type === 'resync' || INVALIDATING_KINDS.has(signal.event.kind)) clear();
  });
  // Read-your-writes on this instance: a successful change made here clears at once, before its NOTIFY is heard.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) clear();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    clear();
  });

  async function loadJson<T>(key: string, schema: z.ZodType<T>, load: () => Promise<T>): Promise<Entry> {
    const startedAt = generation;
    const entry: Entry = { body: Buffer.from(JSON.stringify(schema.parse(await load()))), gzip: null };
    if (startedAt === generation) entries.set(key, entry);
    return entry;
  }

  const readCache: ReadCache = {
    async sendJson(reply, key, schema, load) {
      let entry = entries.get(key);
      if (!entry) {
        // One load per key at a time: a burst of misses shares it.
        let pending = inFlight.get(key);
        if (!pending) {
          const started = loadJson(key, schema, load).finally(() => {
            if (inFlight.get(key) === started) inFlight.delete(key);
          });
          inFlight.set(key, started);
          pending = started;
        }
        entry = await pending;
      }
      reply.type('application/json; charset=utf-8');
      // The one kind of /api answer a cache may keep (every other says no-store): public figures,
      // the same for everyone, but live, so a stored copy is checked again on every use.
      reply.header('cache-control', 'no-cache');
      if (entry.body.length >= READ_CACHE_GZIP_MIN_BYTES) {
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
        if (acceptsGzip(reply.request.headers['accept-encoding'])) {
          // Compressed once per cached answer, not once per request.
          entry.gzip ??= gzipSync(entry.body, { level: 6 });
          return reply.header('content-encoding', 'gzip').send(entry.gzip);
        }
      }
      // A string with a JSON content type goes out as is (no second serialisation).
      return reply.send(entry.body);
    },
    memo<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = memos.get(key);
      if (entry) return entry.value as Promise<T>;
      const startedAt = generation;
      const value = load();
      memos.set(key, { value });
      // A failed load, or one overtaken by a change, is not kept.
      value.then(
        () => {
          if (startedAt !== generation && memos.get(key)?.value === value) memos.delete(key);
        },
        () => {
          if (memos.get(key)?.value === value) memos.delete(key);
        },
      );
      return value;
    },
    clear,
    get size() {
      return entries.size;
    },
  };
  app.decorate('readCache', readCache);
});
