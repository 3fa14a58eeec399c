import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RealtimeModule from './realtime';
import { type RealtimeBinding } from './realtime';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data = '{}') {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data }));
  }
  close() {
    this.isClosed = true;
  }
}

/**
 * The module keeps one shared stream (and keeps it a while after its last subscriber leaves): each test
 * imports it afresh, so no stream another test file opened in this worker is reused here.
 */
let realtime: typeof RealtimeModule;

describe('realtime client', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.resetModules();
    realtime = await import('./realtime');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1, 2, 5 then 10 s between reconnect attempts (spec §9)', () => {
    expect([1, 2, 3, 4, 5, 9].map(realtime.reconnectDelayMs)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });

  it('shares one stream, reconnects on its schedule after drops, and asks for a resync when back', () => {
    const onEvent = vi.fn();
    const onResync = vi.fn();
    const unsubscribeA = realtime.subscribeRealtime({ onEvent, onResync });
    const unsubscribeB = realtime.subscribeRealtime({ onEvent: vi.fn() });
    expect(FakeEventSource.instances).toHaveLength(1);
    const first = FakeEventSource.instances[0]!;
    expect(first.url).toBe('/api/events');
    first.emit('ready');
    expect(realtime.getRealtimeStatus()).toBe('open');
    first.onmessage?.(new MessageEvent('message', { data: '{"kind":"notification","userId":"u1","id":"n1"}' }));
    expect(onEvent).toHaveBeenCalledWith({ kind: 'notification', userId: 'u1', id: 'n1' });

    // Three drops in a row: new streams after 1 s, then 2 s, then 5 s.
    const expectedDelays = [1_000, 2_000, 5_000];
    for (const [index, delay] of expectedDelays.entries()) {
      const dropped = FakeEventSource.instances.at(-1)!;
      dropped.onerror?.();
      expect(dropped.isClosed).toBe(true);
      expect(realtime.getRealtimeStatus()).toBe('reconnecting');
      vi.advanceTimersByTime(delay - 1);
      expect(FakeEventSource.instances).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.instances).toHaveLength(index + 2);
    }
    expect(onResync).not.toHaveBeenCalled();
    FakeEventSource.instances.at(-1)!.emit('ready');
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(realtime.getRealtimeStatus()).toBe('open');

    // After a success the schedule starts again at 1 s.
    FakeEventSource.instances.at(-1)!.onerror?.();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(5);

    // The last subscriber leaving closes the stream shortly after.
    unsubscribeA();
    unsubscribeB();
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.instances.at(-1)!.isClosed).toBe(true);
    expect(realtime.getRealtimeStatus()).toBe('idle');
  });

  it('after the server replaced a hidden tab’s stream, reconnects only once the tab is shown again', () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const unsubscribe = realtime.subscribeRealtime({ onEvent: vi.fn() });
    const first = FakeEventSource.instances.at(-1)!;
    const before = FakeEventSource.instances.length;
    first.emit('ready');
    first.emit('closed', '{"reason":"replaced"}');
    expect(first.isClosed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(before);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeEventSource.instances).toHaveLength(before + 1);
    visibility.mockRestore();
    unsubscribe();
    vi.advanceTimersByTime(5_000);
  });

  it('tells the app when the server ended the stream because the session ended, and reconnects', () => {
    const ended = vi.fn();
    const stopListening = realtime.onRealtimeSessionEnded(ended);
    const unsubscribe = realtime.subscribeRealtime({ onEvent: vi.fn() });
    const first = FakeEventSource.instances.at(-1)!;
    const before = FakeEventSource.instances.length;
    first.emit('ready');
    first.emit('closed', '{"reason":"session_ended"}');
    expect(ended).toHaveBeenCalledTimes(1);
    expect(first.isClosed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(before + 1);
    stopListening();
    unsubscribe();
    vi.advanceTimersByTime(5_000);
  });

  it('matches bindings by kind and, when given, by operation', () => {
    const binding = { kinds: ['operation', 'message'] as const, operationId: 'op1' };
    expect(realtime.matchesBinding(binding, { kind: 'operation', operationId: 'op1' })).toBe(true);
    expect(realtime.matchesBinding(binding, { kind: 'operation', operationId: 'op2' })).toBe(false);
    expect(realtime.matchesBinding(binding, { kind: 'notification', userId: 'u' })).toBe(false);
    expect(realtime.matchesBinding({ kinds: ['notification'] }, { kind: 'notification', userId: 'u' })).toBe(true);
  });

  it('spreads a binding’s refetch within its window and lets the events heard meanwhile share it', async () => {
    const queryClient = new QueryClient();
    const queryKey = ['spread-test'];
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const bindings: RealtimeBinding[] = [
      { kinds: ['operation'], operationId: 'op1', queryKey, spreadMs: realtime.REALTIME_REFETCH_SPREAD_MS },
    ];
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { unmount } = renderHook(() => realtime.useRealtimeInvalidation(bindings), { wrapper });
    const stream = FakeEventSource.instances.at(-1)!;
    stream.emit('ready');
    act(() => {
      for (let index = 0; index < 20; index += 1) {
        stream.onmessage?.(new MessageEvent('message', { data: '{"kind":"operation","operationId":"op1"}' }));
      }
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(realtime.REALTIME_REFETCH_SPREAD_MS));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey });
    unmount();
  });
});
