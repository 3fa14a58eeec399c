import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterOwnRequests } from './live-session';

describe('afterOwnRequests', () => {
  it('waits for the request that replaces the session (its answer carries the new cookie) before the session is read again', async () => {
    const queryClient = new QueryClient();
    let answer!: () => void;
    const enableTwoFactor = queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => new Promise<void>((resolve) => (answer = resolve)) })
      .execute(undefined);
    const order: string[] = [];
    const reread = afterOwnRequests(queryClient).then(() => order.push('session read again'));
    await new Promise((resolve) => setTimeout(resolve, 20));
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
