/**
 * A dispute: a failed inspection opens one, and a deal's participant may open one within a window
 * after arrival. While one is open the deal cannot be settled; an admin decides it (release, refund,
 * or partial refunds), which settles the deal.
 */
export const DISPUTE_STATUSES = ['open', 'decided'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** How an admin ends a dispute: everything to the seller, everything back to the buyers, or a refund per buyer. */
export const DISPUTE_DECISIONS = ['release', 'refund', 'partial'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

/** Who opened a dispute: the inspection that failed, or a participant of the deal. */
export const DISPUTE_OPENERS = ['inspection', 'participant'] as const;
export type DisputeOpener = (typeof DISPUTE_OPENERS)[number];

/** Days after arrival during which a participant may open a dispute (a platform setting; this is its default). */
export const DEFAULT_DISPUTE_WINDOW_DAYS = 7;
export const DISPUTE_WINDOW_DAYS_RANGE = { min: 0, max: 90 } as const;

/** Evidence files a participant may attach to one dispute. */
export const DISPUTE_EVIDENCE_MAX_FILES = 5;
