/**
 * The version of the terms of service, privacy policy and escrow agreement a buyer
 * accepts with an order (stored in orders.terms_version). Change it
 * whenever the texts (`legal.*` in the catalogs) change in substance: orders then need
 * a fresh acceptance, and older orders keep the version their buyer accepted.
 */
export const TERMS_VERSION = '2026-11-25';

/** The three public documents, their routes and catalog keys (footer, order page, statements). */
export const LEGAL_DOCUMENTS = [
  { key: 'terms', path: '/terms' },
  { key: 'privacy', path: '/privacy' },
  { key: 'escrow', path: '/escrow-agreement' },
] as const;
export type LegalDocumentKey = (typeof LEGAL_DOCUMENTS)[number]['key'];
