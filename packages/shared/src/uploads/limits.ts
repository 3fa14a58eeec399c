/**
 * Every uploaded file (KYC documents, payment proofs, dispute evidence, trade documents, specification
 * sheets) is at most this size; product photos have their own, smaller limit (OFFER_IMAGE_MAX_BYTES).
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The same limit in the megabytes the copy and the API reference name. */
export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);
