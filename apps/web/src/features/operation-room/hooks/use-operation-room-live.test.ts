import {
  type OperationRoomLive,
  type OperationRoomMessage,
  type OperationRoomMessagesPage,
  type OperationRoomResponse,
} from '@tradeops/shared';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { operationRoomKeys } from '../api/keys';
import { applyOperationRoomEvent } from './use-operation-room-live';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';
const FIRST = '6a1d7a52-3b0e-4a5c-8f4e-1c2d3e4f5a01';
const SECOND = '6a1d7a52-3b0e-4a5c-8f4e-1c2d3e4f5a02';

function message(id: string, body: string): OperationRoomMessage {
  return {
    id,
    body,
    isFromPlatform: false,
    authorRole: 'seller',
    authorName: 'Lácteos del Sur',
    isMine: false,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

const room = {
  operation: {
    id: OPERATION_ID,
    title: 'Leche en polvo',
    productName: 'Leche en polvo',
    originCountry: 'UY',
    destinationCountry: 'VE',
    arrivalPort: null,
    status: 'active',
    totalTons: 100,
    allocatedTons: 20,
    availableTons: 80,
    participants: 2,
    expectedDeparture: null,
    expectedArrival: null,
  },
  milestones: [],
  order: null,
  viewerRole: 'participant',
  dispute: null,
  disputeWindow: { canOpen: false, deadline: null },
  outstanding: {
    openTons: 80,
    fillBy: null,
    unpaidTons: 20,
    unpaidAmountCents: 2_000_000,
    nextHoldExpiry: null,
    mine: { unpaidTons: 5, unpaidAmountCents: 500_000, expiresAt: null },
  },
} as unknown as OperationRoomResponse;

const live: OperationRoomLive = {
  operation: { status: 'active', totalTons: 100, allocatedTons: 30, availableTons: 70, participants: 3 },
  milestones: [],
  outstanding: {
    openTons: 70,
    fillBy: null,
    unpaidTons: 30,
    unpaidAmountCents: 3_000_000,
    nextHoldExpiry: null,
  },
};

function clientWithRoom() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(operationRoomKeys.room(OPERATION_ID, 'es'), room);
  queryClient.setQueryData<InfiniteData<OperationRoomMessagesPage>>(operationRoomKeys.messages(OPERATION_ID), {
    pages: [{ items: [message(FIRST, 'Hola')], nextCursor: null, total: 1 }],
    pageParams: [null],
  });
  return queryClient;
}

describe('an operation room patched from its live events', () => {
  it('appends a carried message once, and asks for a spread refetch when the message is missing', () => {
    const queryClient = clientWithRoom();
    const event = {
      kind: 'message',
      operationId: OPERATION_ID,
      id: SECOND,
      message: message(SECOND, 'Carga el lunes'),
    } as const;
    expect(applyOperationRoomEvent(queryClient, OPERATION_ID, event)).toBe('patched');
    expect(applyOperationRoomEvent(queryClient, OPERATION_ID, event)).toBe('patched');
    const thread = queryClient.getQueryData<InfiniteData<OperationRoomMessagesPage>>(
      operationRoomKeys.messages(OPERATION_ID),
    );
    // Newest first, as the API pages them; counted once.
    expect(thread?.pages[0]).toMatchObject({ total: 2, nextCursor: null });
    expect(thread?.pages[0]?.items.map((known) => known.id)).toEqual([SECOND, FIRST]);
    expect(applyOperationRoomEvent(queryClient, OPERATION_ID, { kind: 'message', operationId: OPERATION_ID })).toEqual({
      refetch: 'messages',
      when: 'spread',
    });
  });

  it('writes carried figures into the room and keeps the viewer’s own share', () => {
    const queryClient = clientWithRoom();
    expect(
      applyOperationRoomEvent(queryClient, OPERATION_ID, { kind: 'operation', operationId: OPERATION_ID, room: live }),
    ).toBe('patched');
    const patched = queryClient.getQueryData<OperationRoomResponse>(operationRoomKeys.room(OPERATION_ID, 'es'));
    expect(patched?.operation).toMatchObject({ title: 'Leche en polvo', allocatedTons: 30, participants: 3 });
    expect(patched?.outstanding).toEqual({ ...live.outstanding, mine: room.outstanding.mine });
  });

  it('reads the room again: at once for the viewer’s own order, spread for a new status', () => {
    const queryClient = clientWithRoom();
    expect(
      applyOperationRoomEvent(queryClient, OPERATION_ID, { kind: 'order', operationId: OPERATION_ID, userId: 'me' }),
    ).toEqual({ refetch: 'rooms', when: 'now' });
    const funded = { ...live, operation: { ...live.operation, status: 'funded' as const } };
    expect(
      applyOperationRoomEvent(queryClient, OPERATION_ID, {
        kind: 'operation',
        operationId: OPERATION_ID,
        room: funded,
      }),
    ).toEqual({ refetch: 'rooms', when: 'spread' });
    expect(applyOperationRoomEvent(queryClient, OPERATION_ID, { kind: 'operation', operationId: 'another' })).toBe(
      'ignored',
    );
  });
});
