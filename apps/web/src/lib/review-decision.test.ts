import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../test/render';
import { postReviewDecision } from './review-decision';

describe('postReviewDecision', () => {
  it('posts the revision reviewed, and the reason with it for a rejection', async () => {
    const posted: unknown[] = [];
    mockApi({
      '/api/admin/offer-reviews/o-1/approve': (_url, init) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ok: true });
      },
      '/api/admin/offer-reviews/o-1/reject': (_url, init) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ok: true });
      },
    });
    await expect(postReviewDecision('/api/admin/offer-reviews/o-1/approve', { revision: 2 })).resolves.toEqual({
      ok: true,
    });
    await postReviewDecision('/api/admin/offer-reviews/o-1/reject', { revision: 3, reason: 'Precio fuera de mercado' });
    expect(posted).toEqual([{ revision: 2 }, { reason: 'Precio fuera de mercado', revision: 3 }]);
  });
});
