import { apiRequest } from './api-client';

/** What an admin's review decision names: the revision reviewed and, for a rejection, the reason. */
export interface RevisionDecision {
  revision: number;
  reason?: string;
}

/**
 * Posts an admin's review decision (a KYC document or company, an offer) to `path`: the revision the admin
 * looked at, so a version changed since is refused (409), and the reason of a rejection.
 */
export function postReviewDecision(path: string, decision: RevisionDecision) {
  return apiRequest(path, (c) => c.ZOkResponse, {
    method: 'POST',
    body:
      decision.reason === undefined
        ? { revision: decision.revision }
        : { reason: decision.reason, revision: decision.revision },
  });
}
