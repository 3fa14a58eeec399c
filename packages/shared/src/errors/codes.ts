/**
 * Stable error codes of the API. The server maps each to an HTTP status and
 * answers `{ error: { code, message } }` with the message from the catalog
 * key `errors.<CODE>` in the request's language.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  FILE_EMPTY: 400,
  INVALID_FILE_NAME: 400,
  DOCUMENT_REQUIRED: 400,
  REFUND_EXCEEDS_HELD: 400,
  /** A partial refund leaves out an order that holds money: a blank is not $0. */
  REFUND_MISSING: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  KYC_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  OPERATION_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  DOCUMENT_LOCKED: 409,
  KYC_DOCUMENTS_INCOMPLETE: 409,
  /** The document was replaced after the revision the admin's decision names. */
  KYC_DOCUMENT_CHANGED: 409,
  /** The company's data changed after the revision the admin's decision names. */
  KYC_COMPANY_CHANGED: 409,
  /** The seller edited the offer after the revision the admin's decision names. */
  OFFER_CHANGED: 409,
  /** The account that published an operation cannot order, queue or claim in it. */
  OWN_OPERATION: 403,
  OFFER_NOT_EDITABLE: 409,
  OFFER_NOT_WITHDRAWABLE: 409,
  OFFER_HAS_PARTICIPANTS: 409,
  LIFECYCLE_WRONG_STATUS: 409,
  /** The operation's state table refuses the event from its current status. */
  OPERATION_TRANSITION_NOT_ALLOWED: 409,
  PAYMENTS_UNCONFIRMED: 409,
  /** A document the deal's checklist gates on this step (or on the release) is not uploaded. */
  TRADE_DOCUMENT_MISSING: 409,
  /** A document the deal's checklist gates on this step (or on the release) was rejected: replace it first. */
  TRADE_DOCUMENT_REJECTED: 409,
  /** The deal's checklist does not ask for this document. */
  TRADE_DOCUMENT_NOT_IN_CHECKLIST: 409,
  /** A partner account acts only on the deals an admin assigned it. */
  PARTNER_NOT_ASSIGNED: 403,
  /** Only a logistics partner or inspector account can be assigned to a deal. */
  PARTNER_ACCOUNT_REQUIRED: 409,
  RETENTION_NOT_ENDED: 409,
  FINAL_MEASUREMENT_RECORDED: 409,
  CONTRACT_NOT_FOUND: 404,
  NOTHING_HELD_BACK: 409,
  /** What an action would pay out changed since the preview the admin confirmed. */
  PAYOUT_CHANGED: 409,
  DISPUTE_OPEN: 409,
  /** The window to open a dispute (after arrival, a platform setting) is not open: before arrival or past its end. */
  DISPUTE_WINDOW_CLOSED: 409,
  /** Only a buyer with a live, paid order in the deal opens a dispute or adds evidence. */
  DISPUTE_NOT_PARTICIPANT: 403,
  /** A dispute is already open on this deal (its evidence may still be added to it). */
  DISPUTE_ALREADY_OPEN: 409,
  /** More evidence files than one dispute takes. */
  DISPUTE_TOO_MANY_FILES: 400,
  /** The company has an open or confirmed sanctions screening case: no new orders or offers (said neutrally). */
  COMPLIANCE_HOLD: 403,
  /** The operation's seller is on hold: the buyer hears only that it is unavailable. */
  OPERATION_UNAVAILABLE: 409,
  /** A party of the payout has an open or confirmed compliance case: escrow stays where it is. */
  ESCROW_ON_HOLD: 409,
  /** KYC approval waits for the company's screening cases to be cleared or confirmed. */
  KYC_SCREENING_UNRESOLVED: 409,
  /** The company's screening found a confirmed hit: it cannot be approved. */
  KYC_SCREENING_CONFIRMED: 409,
  /** An operation's origin or destination is an embargoed jurisdiction. */
  JURISDICTION_EMBARGOED: 422,
  /** The company is registered in an embargoed jurisdiction. */
  COMPANY_JURISDICTION_EMBARGOED: 403,
  /** An uploaded sanctions list is not in its publisher's format. */
  SANCTIONS_LIST_INVALID: 400,
  /** The same files were already loaded as the version in force. */
  SANCTIONS_LIST_UNCHANGED: 409,
  /** The company's KYC approval lapsed (renewal period or a document's expiry): no new orders or offers until renewed. */
  KYC_EXPIRED: 403,
  /** A document's dates make it unusable now (expired, a proof of address older than 3 months). */
  KYC_DOCUMENT_OUTDATED: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  ORDER_NOT_CANCELLABLE: 409,
  WAITLIST_NOT_FULL: 409,
  WAITLIST_ALREADY_JOINED: 409,
  WAITLIST_NOT_JOINED: 404,
  WAITLIST_NO_INVITATION: 409,
  WAITLIST_INVITATION_EXPIRED: 409,
  ORDER_NOT_FOUND: 404,
  VOLUME_NOT_STEP: 400,
  /** An order without the current terms version (TERMS_VERSION) accepted. */
  TERMS_NOT_ACCEPTED: 400,
  VOLUME_BELOW_MIN: 400,
  VOLUME_ABOVE_MAX: 400,
  ORDER_CLOSED: 409,
  OPERATION_FULL: 409,
  PARTICIPANT_CAP_REACHED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  PROOF_NOT_ACCEPTED: 409,
  PAYMENT_NOT_IN_VERIFICATION: 409,
  PAYMENT_ALREADY_CONFIRMED: 409,
  EMAIL_NOT_VERIFIED: 403,
  EMAIL_ALREADY_VERIFIED: 409,
  EMAIL_VERIFICATION_INVALID: 400,
  TWO_FACTOR_CODE_INVALID: 401,
  TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_PENDING: 409,
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  /** An address on an admin list whose password is still the sign-up's: a reset through the mailbox opens the back office. */
  ADMIN_PASSWORD_RESET_REQUIRED: 403,
  /** The buyer sent another proof after the revision the admin's decision names. */
  PAYMENT_PROOF_CHANGED: 409,
  PAYMENT_AMOUNT_INVALID: 409,
  /** The API key is unknown or revoked. */
  API_KEY_INVALID: 401,
  /** This route does not take API keys (admin, account and security settings): sign in instead. */
  API_KEY_NOT_ALLOWED: 403,
  /** A read key on a route that changes something. */
  API_KEY_SCOPE_INSUFFICIENT: 403,
  /** The TradeOps-Version header names no version of API_VERSIONS. */
  API_VERSION_UNKNOWN: 400,
  /** The company holds MAX_API_KEYS active keys already, or MAX_WEBHOOK_ENDPOINTS endpoints. */
  INTEGRATION_LIMIT_REACHED: 409,
  /** A webhook URL that resolves to a loopback, private or otherwise internal address, or to nothing. */
  WEBHOOK_URL_NOT_PUBLIC: 400,
  INTERNAL_ERROR: 500,
  /** allocated_tons no longer equals live orders + invited waitlist tons: the change is rolled back. */
  OPERATION_TONS_MISMATCH: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field errors of a VALIDATION_FAILED answer: field path → translated message. */
    fields?: Record<string, string>;
    /** On server errors (5xx): the request's id, also sent as X-Request-Id, for the person to quote. */
    requestId?: string;
  };
}
