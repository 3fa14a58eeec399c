import {
  type OperationRoomMessage,
  type OperationRoomMessagesPage,
  type OperationRoomResponse,
  type LiveEvent,
  appendOperationRoomMessage,
  applyOperationRoomLive,
} from '@tradeops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../seed/demo-accounts';
import { messages } from '../../db/schema';
import { type ApprovedBuyer, createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, placeOrder } from '../../test/deals';
import { type SseStream, openSseStream } from '../../test/sse-client';
import { type TestApp, createTestApp } from '../../test/test-app';

/** Open operation-room pages on one deal (each its own buyer with an order there, each its own stream). */
const PAGES = 200;

/**
 * One open operation-room page as the web's useOperationRoomLive keeps it: the room and the thread it loaded,
 * patched from the events that carry the change (the same shared functions), read again otherwise.
 */
interface Page {
  buyer: ApprovedBuyer;
  stream: SseStream;
  room: OperationRoomResponse;
  thread: OperationRoomMessage[];
  seen: number;
}

function liveEvents(stream: SseStream, from: number): LiveEvent[] {
  return stream.messages
    .slice(from)
    .filter((message) => message.event === 'message')
    .map((message) => JSON.parse(message.data) as LiveEvent);
}

describe(`one event on a deal with ${PAGES} open rooms`, () => {
  let t: TestApp;
  let baseUrl: string;
  let operationId: string;
  const pages: Page[] = [];
  const statuses: number[] = [];

  const get = async <T>(buyer: ApprovedBuyer, url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers: buyer.headers });
    statuses.push(response.statusCode);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const roomUrl = () => `/api/operations/${operationId}/room`;
  const threadUrl = () => `/api/operations/${operationId}/messages`;
  /** The latest page of the thread as a chat shows it, oldest first (the API answers newest first). */
  const threadOf = async (buyer: ApprovedBuyer): Promise<OperationRoomMessage[]> =>
    [...(await get<OperationRoomMessagesPage>(buyer, threadUrl())).items].reverse();

  /** Every page handles the events it got since its last look: the requests they make (the refetches). */
  async function handleEvents(predicate: (event: LiveEvent) => boolean): Promise<number> {
    await Promise.all(
      pages.map((page) =>
        page.stream.waitFor((message) => message.event === 'message' && predicate(JSON.parse(message.data))),
      ),
    );
    statuses.length = 0;
    let requests = 0;
    await Promise.all(
      pages.map(async (page) => {
        const events = liveEvents(page.stream, page.seen);
        page.seen = page.stream.messages.length;
        for (const event of events) {
          if (event.operationId !== operationId) continue;
          if (event.kind === 'message') {
            if (event.message) page.thread = appendOperationRoomMessage(page.thread, event.message);
            else {
              requests += 1;
              page.thread = await threadOf(page.buyer);
            }
          } else if (event.kind === 'operation' || event.kind === 'order') {
            const applied = event.room ? applyOperationRoomLive(page.room, event.room) : null;
            if (applied && !applied.needsRefetch) page.room = applied.room;
            else {
              requests += 1;
              page.room = await get<OperationRoomResponse>(page.buyer, roomUrl());
            }
          }
        }
      }),
    );
    return requests;
  }

  beforeAll(async () => {
    t = await createTestApp({ realtimeStreamLimits: { perInstance: PAGES + 10, perAddress: PAGES + 10 } });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const operation = await createOpenOperation(t.db, { totalTons: 5 * (PAGES + 50), maxPerParticipantTons: 20 });
    operationId = operation.id;
    const buyers = await createApprovedBuyers(t, PAGES, 'herd');
    for (const buyer of buyers) await placeOrder(t.app, buyer.headers, operationId, 5);
    for (const buyer of buyers) {
      const stream = await openSseStream(baseUrl, '/api/events', buyer.headers);
      expect(stream.status).toBe(200);
      await stream.waitFor((message) => message.event === 'ready');
      pages.push({
        buyer,
        stream,
        room: await get<OperationRoomResponse>(buyer, roomUrl()),
        thread: await threadOf(buyer),
        seen: stream.messages.length,
      });
    }
  }, 300_000);
  afterAll(async () => {
    for (const page of pages) page.stream.close();
    await t?.close();
  });

  it('an order by someone else: every room shows the new figures, read once by the server, refetched by none', async () => {
    const [newcomer] = await createApprovedBuyers(t, 1, 'herd-newcomer');
    await placeOrder(t.app, newcomer!.headers, operationId, 10);
    const allocated = 5 * PAGES + 10;
    const requests = await handleEvents((event) => event.room?.operation.allocatedTons === allocated);
    // Before: each page refetched its whole room on the operation event — PAGES requests at once.
    expect(requests).toBe(0);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    for (const page of pages) {
      expect(page.room.operation.allocatedTons).toBe(allocated);
      expect(page.room.operation.participants).toBe(PAGES + 1);
    }
    // Patched is what a refetch would show (a few pages, each with its own order in it).
    for (const page of [pages[0]!, pages[PAGES / 2]!, pages.at(-1)!]) {
      expect(page.room).toEqual(await get<OperationRoomResponse>(page.buyer, roomUrl()));
    }
  });

  it('a message from the seller: every thread shows it, refetched by none', async () => {
    const [row] = await t.db
      .insert(messages)
      .values({ operationId, authorId: demoUserId('vendedor'), isFromPlatform: false, body: 'Carga el lunes.' })
      .returning();
    const requests = await handleEvents((event) => event.message?.id === row!.id);
    expect(requests).toBe(0);
    for (const page of pages) expect(page.thread.at(-1)).toMatchObject({ id: row!.id, authorRole: 'seller' });
    for (const page of [pages[0]!, pages.at(-1)!]) {
      expect(page.thread).toEqual(await threadOf(page.buyer));
    }
  });

  it('a message from one of the buyers is theirs on their page only', async () => {
    const author = pages[7]!;
    const response = await t.app.inject({
      method: 'POST',
      url: threadUrl(),
      headers: author.buyer.headers,
      payload: { body: '¿Hay fecha de inspección?' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as OperationRoomMessage;
    expect(await handleEvents((event) => event.message?.id === id)).toBe(0);
    expect(author.thread.at(-1)).toMatchObject({ id, isMine: true, authorRole: 'participant' });
    expect(pages[8]!.thread.at(-1)).toMatchObject({ id, isMine: false, authorRole: 'participant' });
  });
});
