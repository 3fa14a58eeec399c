import { LRUCache } from 'lru-cache';

/** A safety net: even an announcement lost while the listener reconnects is outlived after this. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Recent callers kept per instance; beyond that the least recently seen is resolved again. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** A resolved caller, with what decides whether it may still be served from memory. */
export interface CachedSession<T> {
  userId: string;
  value: T;
  /** The session row's expiry: after it the session is dead, whatever the cache holds. */
  expiresAt: number;
  /** When Better Auth would slide the expiry (last refresh + updateAge): it must see that request. */
  refreshDueAt: number;
}

/**
 * Who is calling, per signed session cookie, for the instance's recent callers: resolving a
 * session costs Better Auth's session and user reads plus the profile and the admin e-mails
 * (four round trips), on every signed-in request. An entry is forgotten when the database
 * announces a change to that account (its sessions, user row or profile; migration 0005), to
 * every account (a platform setting, or a listener reconnect), or when this instance itself
 * answers a change; a TTL bounds the rest. Revocation therefore stays immediate: the commit that
 * deletes a session row announces it to every instance.
 */
export class SessionCache<T> {
  readonly #entries = new LRUCache<string, CachedSession<T>>({
    max: SESSION_CACHE_MAX_ENTRIES,
    ttl: SESSION_CACHE_TTL_MS,
  });
  /**
   * A clock that every invalidation advances. A lookup notes it when it starts and stores its answer
   * only if neither everyone nor that account was forgotten since: forgetting one account never
   * spoils the lookups of the others (under load, sign-ins refresh sessions all the time).
   */
  #tick = 0;
  #clearedAt = 0;
  readonly #forgottenAt = new LRUCache<string, number>({ max: SESSION_CACHE_MAX_ENTRIES });

  get tick(): number {
    return this.#tick;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The caller behind `cookie`, if known, alive and not due for a sliding refresh. */
  get(cookie: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(cookie);
    if (!entry) return undefined;
    if (now >= entry.expiresAt || now >= entry.refreshDueAt) {
      this.#entries.delete(cookie);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a lookup's answer, unless its account (or everyone) was forgotten since it started (`startedAt`). */
  set(cookie: string, entry: CachedSession<T>, startedAt: number): void {
    if (this.#clearedAt > startedAt || (this.#forgottenAt.get(entry.userId) ?? 0) > startedAt) return;
    this.#entries.set(cookie, entry);
  }

  /** Forgets one account's sessions. */
  forgetUser(userId: string): void {
    this.#tick += 1;
    this.#forgottenAt.set(userId, this.#tick);
    for (const [cookie, entry] of this.#entries.entries()) {
      if (entry.userId === userId) this.#entries.delete(cookie);
    }
  }

  /** Forgets everyone. */
  clear(): void {
    this.#tick += 1;
    this.#clearedAt = this.#tick;
    this.#entries.clear();
  }
}
