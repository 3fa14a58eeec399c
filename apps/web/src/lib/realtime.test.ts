import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRealtimeStatus, matchesBinding, reconnectDelayMs, subscribeRealtime } from './realtime';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, (() => void)[]>();
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string) {
    for (const listener of this.listeners.get(name) ?? []) listener();
  }
  close() {
    this.isClosed = true;
  }
}

describe('realtime client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1, 2, 5 then 10 s between reconnect attempts (spec §9)', () => {
    expect([1, 2, 3, 4, 5, 9].map(reconnectDelayMs)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });

  it('shares one stream, reconnects on its schedule after drops, and asks for a resync when back', () => {
    const onEvent = vi.fn();
    const onResync = vi.fn();
    const unsubscribeA = subscribeRealtime({ onEvent, onResync });
    const unsubscribeB = subscribeRealtime({ onEvent: vi.fn() });
    expect(FakeEventSource.instances).toHaveLength(1);
    const first = FakeEventSource.instances[0]!;
    expect(first.url).toBe('/api/events');
    first.emit('ready');
    expect(getRealtimeStatus()).toBe('open');
    first.onmessage?.(new MessageEvent('message', { data: '{"kind":"notification","userId":"u1","id":"n1"}' }));
    expect(onEvent).toHaveBeenCalledWith({ kind: 'notification', userId: 'u1', id: 'n1' });

    // Three drops in a row: new streams after 1 s, then 2 s, then 5 s.
    const expectedDelays = [1_000, 2_000, 5_000];
    for (const [index, delay] of expectedDelays.entries()) {
      const dropped = FakeEventSource.instances.at(-1)!;
      dropped.onerror?.();
      expect(dropped.isClosed).toBe(true);
      expect(getRealtimeStatus()).toBe('reconnecting');
      vi.advanceTimersByTime(delay - 1);
      expect(FakeEventSource.instances).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.instances).toHaveLength(index + 2);
    }
    expect(onResync).not.toHaveBeenCalled();
    FakeEventSource.instances.at(-1)!.emit('ready');
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(getRealtimeStatus()).toBe('open');

    // After a success the schedule starts again at 1 s.
    FakeEventSource.instances.at(-1)!.onerror?.();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(5);

    // The last subscriber leaving closes the stream shortly after.
    unsubscribeA();
    unsubscribeB();
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.instances.at(-1)!.isClosed).toBe(true);
    expect(getRealtimeStatus()).toBe('idle');
  });

  it('matches bindings by kind and, when given, by operation', () => {
    const binding = { kinds: ['operation', 'message'] as const, operationId: 'op1' };
    expect(matchesBinding(binding, { kind: 'operation', operationId: 'op1' })).toBe(true);
    expect(matchesBinding(binding, { kind: 'operation', operationId: 'op2' })).toBe(false);
    expect(matchesBinding(binding, { kind: 'notification', userId: 'u' })).toBe(false);
    expect(matchesBinding({ kinds: ['notification'] }, { kind: 'notification', userId: 'u' })).toBe(true);
  });
});
