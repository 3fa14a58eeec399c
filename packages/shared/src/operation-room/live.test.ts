import { describe, expect, it } from 'vitest';
import { type Page } from '../paging/page';
import { addOperationRoomMessage } from './live';
import { type OperationRoomMessage } from './schemas';

function message(id: string, createdAt: string): OperationRoomMessage {
  return {
    id,
    body: id,
    isFromPlatform: false,
    authorRole: 'participant',
    authorName: 'Importadora Caribe',
    isMine: false,
    createdAt,
  };
}

const a = message('00000000-0000-4000-8000-00000000000a', '2026-11-20T10:00:00.000Z');
const b = message('00000000-0000-4000-8000-00000000000b', '2026-11-20T10:01:00.000Z');
const c = message('00000000-0000-4000-8000-00000000000c', '2026-11-20T10:02:00.000Z');
const d = message('00000000-0000-4000-8000-00000000000d', '2026-11-20T10:03:00.000Z');

describe('addOperationRoomMessage', () => {
  it('puts a new message first on the first page once, counts it in every page, and keeps the cursors', () => {
    const pages: Page<OperationRoomMessage>[] = [
      { items: [c, b], nextCursor: 'earlier', total: 3 },
      { items: [a], nextCursor: null, total: 3 },
    ];
    const added = addOperationRoomMessage(pages, d);
    expect(added.map((page) => page.items.map((item) => item.id))).toEqual([[d.id, c.id, b.id], [a.id]]);
    expect(added.map((page) => [page.nextCursor, page.total])).toEqual([
      ['earlier', 4],
      [null, 4],
    ]);
    expect(addOperationRoomMessage(added, d)).toBe(added);
  });

  it('places a message heard late in its place, and one older than every page read only in the total', () => {
    const pages: Page<OperationRoomMessage>[] = [{ items: [d, b], nextCursor: 'earlier', total: 4 }];
    expect(addOperationRoomMessage(pages, c)[0]!.items.map((item) => item.id)).toEqual([d.id, c.id, b.id]);
    const older = addOperationRoomMessage(pages, a)[0]!;
    expect(older.items.map((item) => item.id)).toEqual([d.id, b.id]);
    expect(older.total).toBe(5);
    expect(addOperationRoomMessage([{ items: [b], nextCursor: null, total: 1 }], a)[0]!.items).toEqual([b, a]);
    expect(addOperationRoomMessage([], a)).toEqual([]);
  });
});
