import { type Notification } from '@tradeops/shared';
import { describe, expect, it } from 'vitest';
import { groupNotifications } from './notification-groups';

const DEAL_A = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';
const DEAL_B = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a02';
let sequence = 0;
function notification(operationId: string | null, isRead = false): Notification {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type: operationId ? 'payment.confirmed' : 'kyc.approved',
    data: {},
    operationId: operationId,
    readAt: isRead ? '2026-05-04T10:00:00.000Z' : null,
    createdAt: '2026-05-04T09:00:00.000Z',
  };
}

describe('groupNotifications', () => {
  it("puts one deal's notifications under its latest, newest group first, with the unread ones", () => {
    const newest = notification(DEAL_A);
    const other = notification(DEAL_B, true);
    const account = notification(null);
    const older = notification(DEAL_A, true);
    const oldest = notification(DEAL_A);
    const secondAccount = notification(null, true);
    const groups = groupNotifications([newest, other, account, older, oldest, secondAccount]);
    expect(groups.map((group) => group.items.map((item) => item.id))).toEqual([
      [newest.id, older.id, oldest.id],
      [other.id],
      [account.id],
      [secondAccount.id],
    ]);
    expect(groups.map((group) => group.unreadIds)).toEqual([[newest.id, oldest.id], [], [account.id], []]);
    expect(groups[0]!.operationId).toBe(DEAL_A);
  });
});
