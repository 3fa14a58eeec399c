import { type RealtimeCloseReason } from '@tradeops/shared';

/** One open SSE stream, as the registry knows it. */
export interface LiveStream {
  sessionId: string;
  userId: string;
  /** Tells the client why, ends the response and forgets the stream (idempotent). */
  close(reason: RealtimeCloseReason): void;
}

export interface StreamLimits {
  perSession: number;
  perInstance: number;
}

/**
 * The open streams of this instance, by session: enforces the caps (a session's oldest stream
 * yields to its newest; the instance refuses beyond its own cap) and finds the streams of a
 * session that ended.
 */
export class StreamRegistry {
  /** Per session, oldest first. */
  readonly #bySession = new Map<string, LiveStream[]>();
  #count = 0;

  constructor(readonly limits: StreamLimits) {}

  get size(): number {
    return this.#count;
  }

  /** Whether a new stream of `sessionId` fits: below the instance's cap, or its session's oldest makes room. */
  canAdmit(sessionId: string): boolean {
    const own = this.#bySession.get(sessionId)?.length ?? 0;
    return this.#count < this.limits.perInstance || own >= this.limits.perSession;
  }

  /** Registers a stream (after canAdmit), closing its session's oldest ones beyond the session's cap. */
  add(stream: LiveStream): void {
    const own = this.#bySession.get(stream.sessionId) ?? [];
    this.#bySession.set(stream.sessionId, own);
    while (own.length >= this.limits.perSession) {
      const oldest = own[0]!;
      this.remove(oldest);
      oldest.close('replaced');
    }
    own.push(stream);
    this.#count += 1;
  }

  /** Forgets a stream (idempotent: a stream closes through several paths). */
  remove(stream: LiveStream): void {
    const own = this.#bySession.get(stream.sessionId);
    const index = own?.indexOf(stream) ?? -1;
    if (!own || index < 0) return;
    own.splice(index, 1);
    this.#count -= 1;
    if (own.length === 0) this.#bySession.delete(stream.sessionId);
  }

  /** The sessions with open streams, of one user or of everyone. */
  sessionIds(userId?: string): string[] {
    const ids: string[] = [];
    for (const [sessionId, streams] of this.#bySession) {
      if (userId === undefined || streams[0]?.userId === userId) ids.push(sessionId);
    }
    return ids;
  }

  /** Closes every stream of a session. */
  closeSession(sessionId: string, reason: RealtimeCloseReason): void {
    for (const stream of [...(this.#bySession.get(sessionId) ?? [])]) {
      this.remove(stream);
      stream.close(reason);
    }
  }
}
