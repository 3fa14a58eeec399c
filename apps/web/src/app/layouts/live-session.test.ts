import { QueryClient, defaultScheduler, notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterOwnRequests } from './live-session';

/** Everything already queued (promise callbacks, then timers due now) has run: no fixed time. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('afterOwnRequests', () => {
  // The caches tell their listeners at once, not on a later timer: what has not happened by the
  // time the queue is drained is not going to happen.
  beforeEach(() => notifyManager.setScheduler((callback) => callback()));
  afterEach(() => notifyManager.setScheduler(defaultScheduler));

  it('waits for the request that replaces the session (its answer carries the new cookie) before the session is read again', async () => {
    const queryClient = new QueryClient();
    let answer!: () => void;
    const enableTwoFactor = queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => new Promise<void>((resolve) => (answer = resolve)) })
      .execute(undefined);
    const order: string[] = [];
    const reread = afterOwnRequests(queryClient).then(() => order.push('session read again'));
    await settled();
    expect(order).toEqual([]);
    order.push('new cookie received');
    answer();
    await enableTwoFactor;
    await reread;
    expect(order).toEqual(['new cookie received', 'session read again']);
  });

  it('goes on at once when the tab has no request in flight', async () => {
    await expect(afterOwnRequests(new QueryClient())).resolves.toBeUndefined();
  });
});
