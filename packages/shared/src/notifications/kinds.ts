/**
 * Every kind of notification the platform writes (the bell's `notifications.types.<type>` messages), and
 * the mails that are no notification (account mails). The outbox names each mail by its kind
 * (`outbox.kinds.<kind>`), so a new kind needs its name in both catalogs (a test checks it).
 */
export const NOTIFICATION_TYPES = [
  'order.created',
  'order.expired',
  'order.cancelled',
  'waitlist.invited',
  'waitlist.invitation_expired',
  'payment.confirmed',
  'payment.rejected',
  'deal.allocated',
  'deal.funded',
  'operation.approved',
  'operation.rejected',
  'operation.expired',
  'operation.cancelled',
  'operation.expired_seller',
  'operation.cancelled_seller',
  'operation.shipment_preparation',
  'operation.departure',
  'operation.arrival',
  'operation.eta_updated',
  'operation.customs_clearance',
  'operation.document_rejected',
  'operation.inspection_passed',
  'operation.inspection_failed',
  'operation.settled',
  'operation.dispute_opened',
  'operation.dispute_decided',
  'kyc.document_verified',
  'kyc.document_rejected',
  'kyc.approved',
  'kyc.rejected',
  'kyc.renewal_due',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Mails about the account itself (confirming the address, resetting the password), sent whatever the settings. */
export const ACCOUNT_MAIL_KINDS = ['auth.verifyMail', 'auth.resetMail'] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

export const MAIL_KINDS = [...NOTIFICATION_TYPES, ...ACCOUNT_MAIL_KINDS] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export function isMailKind(kind: string): kind is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(kind);
}
