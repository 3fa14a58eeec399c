import { isIPv6 } from 'node:net';
import { type RealtimeCloseReason } from '@tradeops/shared';

/** One open SSE stream, as the registry knows it. */
export interface LiveStream {
  sessionId: string;
  userId: string;
  /** The client's address as counted for the per-address cap (`streamAddressKey`). */
  address: string;
  /** Tells the client why, ends the response and forgets the stream (idempotent). */
  close(reason: RealtimeCloseReason): void;
}

export interface StreamLimits {
  perSession: number;
  perAccount: number;
  perAddress: number;
  perInstance: number;
}

/** Whether a new stream may open, and if not which cap refused it. */
export type Admission = 'admitted' | 'address_full' | 'instance_full';

/**
 * The key a client address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4), an IPv6 address by its /64 network — one host, or one home or office
 * line, is handed a whole /64 and could otherwise take a fresh address per stream.
 */
export function streamAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  // The URL parser writes IPv6 in one canonical form (lower case, hex groups, one `::`).
  let canonical: string;
  try {
    canonical = new URL(`http://[${ip}]`).hostname.slice(1, -1);
  } catch {
    // A zone index (fe80::1%eth0): a link-local neighbour, counted as it is.
    return ip;
  }
  const [head = '', tail = ''] = canonical.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return `${[...headGroups, ...zeros, ...tailGroups].slice(0, 4).join(':')}::/64`;
}

/** Lists of streams under a key, oldest first; a key with no streams left is dropped. */
class StreamIndex<K extends 'sessionId' | 'userId' | 'address'> {
  readonly #lists = new Map<string, LiveStream[]>();

  constructor(readonly field: K) {}

  of(key: string): readonly LiveStream[] {
    return this.#lists.get(key) ?? [];
  }

  keys(): IterableIterator<string> {
    return this.#lists.keys();
  }

  add(stream: LiveStream): void {
    const key = stream[this.field];
    const list = this.#lists.get(key);
    if (list) list.push(stream);
    else this.#lists.set(key, [stream]);
  }

  /** Whether the stream was listed (and is no more). */
  remove(stream: LiveStream): boolean {
    const key = stream[this.field];
    const list = this.#lists.get(key);
    const index = list?.indexOf(stream) ?? -1;
    if (!list || index < 0) return false;
    list.splice(index, 1);
    if (list.length === 0) this.#lists.delete(key);
    return true;
  }
}

/**
 * The open streams of this instance. Caps, from the narrowest:
 * - per session and per account: one more stream closes the session's (else the account's)
 *   oldest (`replaced`), so a user with many tabs keeps working in the newest;
 * - per client address and per instance: beyond them a new stream is refused (unless the
 *   stream it replaces makes room), so one address or one account cannot take the
 *   streams of everyone else, and nobody can close a stranger's stream.
 * Every stream is in each index exactly once and each index drops empty keys, so the
 * registry holds at most `perInstance` streams and nothing else grows.
 */
export class StreamRegistry {
  readonly #bySession = new StreamIndex('sessionId');
  readonly #byUser = new StreamIndex('userId');
  readonly #byAddress = new StreamIndex('address');
  #count = 0;

  constructor(readonly limits: StreamLimits) {}

  get size(): number {
    return this.#count;
  }

  /** The stream a new one of this session and account would replace, if it is at a cap. */
  #replacedBy(stream: Pick<LiveStream, 'sessionId' | 'userId'>): LiveStream | undefined {
    const own = this.#bySession.of(stream.sessionId);
    if (own.length >= this.limits.perSession) return own[0];
    const account = this.#byUser.of(stream.userId);
    if (account.length >= this.limits.perAccount) return account[0];
    return undefined;
  }

  /** Whether a new stream fits: below the caps of its address and of the instance, counting the stream it replaces. */
  admit(stream: Pick<LiveStream, 'sessionId' | 'userId' | 'address'>): Admission {
    const replaced = this.#replacedBy(stream);
    const fromAddress = this.#byAddress.of(stream.address).length - (replaced?.address === stream.address ? 1 : 0);
    if (fromAddress >= this.limits.perAddress) return 'address_full';
    if (this.#count - (replaced ? 1 : 0) >= this.limits.perInstance) return 'instance_full';
    return 'admitted';
  }

  /** Registers a stream (after `admit`), closing the streams of its session and account beyond their caps. */
  add(stream: LiveStream): void {
    for (let replaced = this.#replacedBy(stream); replaced; replaced = this.#replacedBy(stream)) {
      this.remove(replaced);
      replaced.close('replaced');
    }
    this.#bySession.add(stream);
    this.#byUser.add(stream);
    this.#byAddress.add(stream);
    this.#count += 1;
  }

  /** Forgets a stream (idempotent: a stream closes through several paths). */
  remove(stream: LiveStream): void {
    if (!this.#bySession.remove(stream)) return;
    this.#byUser.remove(stream);
    this.#byAddress.remove(stream);
    this.#count -= 1;
  }

  /** The sessions with open streams, of one user or of everyone. */
  sessionIds(userId?: string): string[] {
    if (userId === undefined) return [...this.#bySession.keys()];
    return [...new Set(this.#byUser.of(userId).map((stream) => stream.sessionId))];
  }

  /** The users with open streams. */
  userIds(): string[] {
    return [...this.#byUser.keys()];
  }

  /** How many streams one account, or one address, holds. */
  countOf(key: { userId: string } | { address: string }): number {
    return 'userId' in key ? this.#byUser.of(key.userId).length : this.#byAddress.of(key.address).length;
  }

  /** Closes every stream of a session. */
  closeSession(sessionId: string, reason: RealtimeCloseReason): void {
    for (const stream of [...this.#bySession.of(sessionId)]) {
      this.remove(stream);
      stream.close(reason);
    }
  }
}
