import { type RealtimeCloseReason } from '@tradeops/shared';
import { describe, expect, it } from 'vitest';
import { type LiveStream, StreamRegistry, type StreamLimits, streamAddressKey } from './stream-registry';

function stream(sessionId: string, userId = `user-of-${sessionId}`, address = `address-of-${userId}`) {
  const closed: RealtimeCloseReason[] = [];
  const live: LiveStream & { closed: RealtimeCloseReason[] } = {
    sessionId,
    userId,
    address,
    closed,
    close: (reason) => closed.push(reason),
  };
  return live;
}

const roomy: StreamLimits = { perSession: 5, perAccount: 10, perAddress: 50, perInstance: 100 };

describe('StreamRegistry', () => {
  it("closes a session's oldest stream when it opens one more than its cap", () => {
    const registry = new StreamRegistry({ ...roomy, perSession: 2 });
    const [first, second, third] = [stream('s1'), stream('s1'), stream('s1')];
    registry.add(first);
    registry.add(second);
    expect(registry.admit(third)).toBe('admitted');
    registry.add(third);
    expect(first.closed).toEqual(['replaced']);
    expect(second.closed).toEqual([]);
    expect(registry.size).toBe(2);
    // A stream closing itself later (its client left) is forgotten once.
    registry.remove(first);
    expect(registry.size).toBe(2);
  });

  it("closes the account's oldest stream, in whichever session, beyond the account's cap", () => {
    const registry = new StreamRegistry({ ...roomy, perSession: 2, perAccount: 3 });
    const streams = [stream('s1', 'u1'), stream('s1', 'u1'), stream('s2', 'u1'), stream('s3', 'u1')];
    for (const item of streams) registry.add(item);
    expect(streams.map((item) => item.closed)).toEqual([['replaced'], [], [], []]);
    expect(registry.countOf({ userId: 'u1' })).toBe(3);
    // Another account is not counted with this one.
    const other = stream('s4', 'u2');
    registry.add(other);
    expect(other.closed).toEqual([]);
    expect(registry.size).toBe(4);
  });

  it('refuses beyond the instance cap unless the stream it replaces makes room', () => {
    const registry = new StreamRegistry({ ...roomy, perSession: 1, perInstance: 2 });
    registry.add(stream('a'));
    registry.add(stream('b'));
    expect(registry.admit(stream('c'))).toBe('instance_full');
    // Session a is at its own cap: its new stream replaces its old one, the total stays 2.
    expect(registry.admit(stream('a'))).toBe('admitted');
    registry.add(stream('a'));
    expect(registry.size).toBe(2);
  });

  it("refuses a new stream from a full address without closing anyone's, unless it replaces one from there", () => {
    const registry = new StreamRegistry({ ...roomy, perAccount: 2, perAddress: 3 });
    const office = [stream('s1', 'u1', 'office'), stream('s2', 'u2', 'office'), stream('s3', 'u3', 'office')];
    for (const item of office) registry.add(item);
    expect(registry.admit(stream('s4', 'u4', 'office'))).toBe('address_full');
    expect(registry.admit(stream('s5', 'u5', 'elsewhere'))).toBe('admitted');
    // u1 at its account cap from the same address: its newest replaces its oldest there.
    registry.add(stream('s1', 'u1', 'home'));
    expect(registry.admit(stream('s1', 'u1', 'office'))).toBe('admitted');
    // u2 at no cap of its own would add a fourth stream to the office.
    expect(registry.admit(stream('s2', 'u2', 'office'))).toBe('address_full');
    expect(office.every((item) => item.closed.length === 0)).toBe(true);
    expect(registry.countOf({ address: 'office' })).toBe(3);
  });

  it("finds a user's sessions and closes every stream of one session", () => {
    const registry = new StreamRegistry(roomy);
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

  it('keeps nothing of streams that closed: every count is back to zero', () => {
    const registry = new StreamRegistry({ ...roomy, perSession: 2, perAccount: 3 });
    const streams = Array.from({ length: 40 }, (_, i) => stream(`s${i % 7}`, `u${i % 4}`, `a${i % 3}`));
    for (const item of streams) registry.add(item);
    for (const item of streams) registry.remove(item);
    expect(registry.size).toBe(0);
    expect(registry.sessionIds()).toEqual([]);
    for (let i = 0; i < 4; i += 1) expect(registry.countOf({ userId: `u${i}` })).toBe(0);
    for (let i = 0; i < 3; i += 1) expect(registry.countOf({ address: `a${i}` })).toBe(0);
  });
});

describe('streamAddressKey', () => {
  it('counts an IPv4 address as it is, and an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(streamAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(streamAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 network as one, whatever its spelling', () => {
    const key = streamAddressKey('2001:db8:aa:bb::1');
    expect(key).toBe('2001:db8:aa:bb::/64');
    expect(streamAddressKey('2001:DB8:AA:BB:1234:5678:9abc:def0')).toBe(key);
    expect(streamAddressKey('2001:0db8:00aa:00bb:0:0:0:2')).toBe(key);
    expect(streamAddressKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(streamAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
