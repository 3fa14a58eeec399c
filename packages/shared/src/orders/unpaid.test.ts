import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../operations/constants';
import { isUnpaidOrder } from './unpaid';

describe('isUnpaidOrder', () => {
  it('is a live order whose payment is pending or was rejected, and nothing else', () => {
    const unpaid = ORDER_STATUSES.flatMap((status) =>
      PAYMENT_STATUSES.filter((paymentStatus) => isUnpaidOrder({ status, paymentStatus })).map(
        (paymentStatus) => `${status}/${paymentStatus}`,
      ),
    );
    expect(unpaid).toEqual(['active/pending', 'active/rejected']);
  });
});
