import { type RealtimeCloseReason } from '@tradeops/shared';
import { describe, expect, it } from 'vitest';
import { type LiveStream, StreamRegistry } from './stream-registry';

function stream(sessionId: string, userId = `user-of-${sessionId}`) {
  const closed: RealtimeCloseReason[] = [];
  const live: LiveStream & { closed: RealtimeCloseReason[] } = {
    sessionId,
    userId,
    closed,
    close: (reason) => closed.push(reason),
  };
  return live;
}

describe('StreamRegistry', () => {
  it("closes a session's oldest stream when it opens one more than its cap", () => {
    const registry = new StreamRegistry({ perSession: 2, perInstance: 10 });
    const [first, second, third] = [stream('s1'), stream('s1'), stream('s1')];
    registry.add(first);
    registry.add(second);
    expect(registry.canAdmit('s1')).toBe(true);
    registry.add(third);
    expect(first.closed).toEqual(['replaced']);
    expect(second.closed).toEqual([]);
    expect(registry.size).toBe(2);
    // A stream closing itself later (its client left) is forgotten once.
    registry.remove(first);
    expect(registry.size).toBe(2);
  });

  it('refuses beyond the instance cap unless the session makes room from its own streams', () => {
    const registry = new StreamRegistry({ perSession: 1, perInstance: 2 });
    registry.add(stream('a'));
    registry.add(stream('b'));
    expect(registry.canAdmit('c')).toBe(false);
    // Session a is at its own cap: its new stream replaces its old one, the total stays 2.
    expect(registry.canAdmit('a')).toBe(true);
    registry.add(stream('a'));
    expect(registry.size).toBe(2);
  });

  it("finds a user's sessions and closes every stream of one session", () => {
    const registry = new StreamRegistry({ perSession: 5, perInstance: 10 });
    const mine = [stream('s1', 'u1'), stream('s1', 'u1'), stream('s2', 'u1')];
    const other = stream('s3', 'u2');
    for (const item of [...mine, other]) registry.add(item);
    expect(registry.sessionIds('u1').sort()).toEqual(['s1', 's2']);
    expect(registry.sessionIds().sort()).toEqual(['s1', 's2', 's3']);
    registry.closeSession('s1', 'session_ended');
    expect(mine.map((item) => item.closed)).toEqual([['session_ended'], ['session_ended'], []]);
    expect(other.closed).toEqual([]);
    expect(registry.size).toBe(2);
    expect(registry.sessionIds('u1')).toEqual(['s2']);
  });
});
