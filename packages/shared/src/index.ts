export * from './auth/constants';
export * from './auth/landing';
export * from './auth/schemas';
export * from './auth/session';
export * from './content/schemas';
export * from './errors/codes';
export * from './errors/schemas';
export * from './escrow/constants';
export * from './i18n/languages';
export * from './money/money';
export * from './operations/allocation';
export * from './operations/constants';
export * from './operations/schemas';
export * from './operations/catalogue-schemas';
export * from './operations/detail-schemas';
export * from './partners/constants';
export * from './realtime/events';
export * from './settings/schemas';
export * from './kyc/file-type';
export * from './kyc/schemas';
export * from './notifications/schemas';
export * from './deal-room/schemas';
export * from './participations/schemas';
// Defined identically by the deal-room (realtime branch) and participations (orders branch)
// contracts; named here so the two star exports do not collide (the coordinator keeps one).
export { ESCROW_STATES, type EscrowStateName } from './participations/schemas';
