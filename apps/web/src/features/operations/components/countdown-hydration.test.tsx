import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRecoverableError } from '../../../lib/hydration-errors';
import { CountdownText } from './featured-deal-card';
import { DeadlineText } from './operation-card';

const SERVER_NOW = new Date('2026-11-27T10:00:59.500Z');
/** 30 days and 5 hours after the server's render. */
const DEADLINE = '2026-12-27T15:00:59.500Z';

/**
 * The server renders the time left at one instant and the browser takes the page over a moment later: across a
 * minute's turn (the landing's countdown) or a day's (a card's days left) the texts differ. That is not a broken
 * page and must not be reported as one (the e2e suite fails on any hydration error: it did, once, under load).
 */
describe('time left, rendered on the server and taken over in the browser a minute later', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  for (const [name, element] of [
    ['the featured countdown', <CountdownText key="countdown" deadline={DEADLINE} />],
    ['a card’s days left', <DeadlineText key="days" deadline="2026-11-28T10:01:00.000Z" />],
  ] as const) {
    it(`is taken over without a hydration error: ${name}`, async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(SERVER_NOW);
      const container = document.createElement('div');
      container.innerHTML = renderToString(element);
      document.body.append(container);
      const serverText = container.textContent;

      vi.setSystemTime(new Date(SERVER_NOW.getTime() + 1_000));
      await act(async () => {
        hydrateRoot(container, element, { onRecoverableError: reportRecoverableError });
      });

      expect(logged.mock.calls.filter(([first]) => String(first).startsWith('[hydration]'))).toEqual([]);
      expect(container.textContent).toBe(serverText);
    });
  }
});
