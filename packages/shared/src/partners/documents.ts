import { z } from 'zod';
import { type ProductCategory, PRODUCT_CATEGORIES } from '../operations/constants';
import { zText } from '../text/safe-text';

/**
 * The trade documents a deal may need before customs clear it and escrow pays out (issue 28, item 3).
 * Each checklist entry names the document, who uploads it and the step it gates.
 */
export const TRADE_DOCUMENT_KINDS = [
  'commercial_invoice',
  'packing_list',
  'bill_of_lading',
  'certificate_of_origin',
  'phytosanitary_certificate',
  'health_certificate',
  'quality_certificate',
  'weight_certificate',
  'insurance_certificate',
] as const;
export type TradeDocumentKind = (typeof TRADE_DOCUMENT_KINDS)[number];
export function isTradeDocumentKind(value: string): value is TradeDocumentKind {
  return (TRADE_DOCUMENT_KINDS as readonly string[]).includes(value);
}

/** Who uploads a document: the deal's seller, its assigned logistics partner or its assigned inspector. */
export const TRADE_DOCUMENT_UPLOADERS = ['seller', 'logistics', 'inspector'] as const;
export type TradeDocumentUploader = (typeof TRADE_DOCUMENT_UPLOADERS)[number];

/**
 * What a missing (or rejected) document holds back: a lifecycle step (it cannot be recorded) or
 * `release` (escrow cannot be paid out to the seller).
 */
export const TRADE_DOCUMENT_GATES = ['shipment_preparation', 'departure', 'arrival', 'inspection', 'release'] as const;
export type TradeDocumentGate = (typeof TRADE_DOCUMENT_GATES)[number];

export const TRADE_DOCUMENT_STATUSES = ['uploaded', 'rejected'] as const;
export type TradeDocumentStatus = (typeof TRADE_DOCUMENT_STATUSES)[number];

/** Incoterms 2020 whose carriage is by sea: the carrier issues a bill of lading. */
export const SEA_INCOTERMS = ['FAS', 'FOB', 'CFR', 'CIF'] as const;
/** Incoterms 2020 under which the seller buys the cargo insurance. */
export const SELLER_INSURES_INCOTERMS = ['CIF', 'CIP'] as const;

/** Commodities whose plants or seeds need a phytosanitary certificate; animal products need a health one. */
const PHYTOSANITARY_CATEGORIES: readonly ProductCategory[] = ['coffee', 'grains', 'cocoa', 'oilseeds', 'fruit'];
const HEALTH_CATEGORIES: readonly ProductCategory[] = ['dairy', 'meat'];

export const ZChecklistItem = z.object({
  kind: z.enum(TRADE_DOCUMENT_KINDS),
  uploader: z.enum(TRADE_DOCUMENT_UPLOADERS),
  gates: z.enum(TRADE_DOCUMENT_GATES),
});
export type ChecklistItem = z.infer<typeof ZChecklistItem>;

/** An Incoterm code as a plain string (FOB, CIF…); the trade terms name one per operation. */
export const ZIncotermCode = zText()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'validation.invalid');

/**
 * One checklist template: the documents of a commodity, for one Incoterm or (incoterm null) for any
 * Incoterm without a template of its own.
 */
export const ZChecklistTemplate = z.object({
  commodity: z.enum(PRODUCT_CATEGORIES),
  incoterm: ZIncotermCode.nullable(),
  documents: z
    .array(ZChecklistItem)
    .max(TRADE_DOCUMENT_KINDS.length, 'validation.tooLong')
    .refine((items) => new Set(items.map((item) => item.kind)).size === items.length, 'tradeDocuments.duplicateKind'),
});
export type ChecklistTemplate = z.infer<typeof ZChecklistTemplate>;

/** PUT /api/admin/settings/document-checklists: every template, saved at once (one per commodity and Incoterm). */
export const ZChecklistTemplatesRequest = z.object({
  templates: z
    .array(ZChecklistTemplate)
    .max(PRODUCT_CATEGORIES.length * 12, 'validation.tooLong')
    .refine(
      (templates) => new Set(templates.map((t) => `${t.commodity}/${t.incoterm ?? ''}`)).size === templates.length,
      'tradeDocuments.duplicateTemplate',
    ),
});
export type ChecklistTemplatesRequest = z.infer<typeof ZChecklistTemplatesRequest>;

export const ZChecklistTemplatesResponse = z.object({
  /** The templates an admin saved (empty: the defaults apply). */
  templates: z.array(ZChecklistTemplate),
  /** The built-in default of each commodity, for any Incoterm, as the editor's starting point. */
  defaults: z.array(ZChecklistTemplate),
});
export type ChecklistTemplatesResponse = z.infer<typeof ZChecklistTemplatesResponse>;

/**
 * The built-in checklist of a commodity under an Incoterm (null: not known yet). Every deal: the
 * seller's commercial invoice and packing list before departure, its certificate of origin before
 * arrival (customs); the B/L (logistics partner) before arrival when the carriage is by sea or the
 * Incoterm is unknown; a phytosanitary (plants) or health (animal products) certificate before
 * arrival; the inspector's quality and weight certificates before the release; the seller's
 * insurance certificate before departure when the Incoterm makes the seller insure (CIF, CIP).
 */
export function defaultChecklist(commodity: ProductCategory, incoterm: string | null): ChecklistItem[] {
  const code = incoterm?.toUpperCase() ?? null;
  const items: ChecklistItem[] = [
    { kind: 'commercial_invoice', uploader: 'seller', gates: 'departure' },
    { kind: 'packing_list', uploader: 'seller', gates: 'departure' },
  ];
  if (code === null || (SEA_INCOTERMS as readonly string[]).includes(code)) {
    items.push({ kind: 'bill_of_lading', uploader: 'logistics', gates: 'arrival' });
  }
  items.push({ kind: 'certificate_of_origin', uploader: 'seller', gates: 'arrival' });
  if (PHYTOSANITARY_CATEGORIES.includes(commodity)) {
    items.push({ kind: 'phytosanitary_certificate', uploader: 'seller', gates: 'arrival' });
  }
  if (HEALTH_CATEGORIES.includes(commodity)) {
    items.push({ kind: 'health_certificate', uploader: 'seller', gates: 'arrival' });
  }
  items.push(
    { kind: 'quality_certificate', uploader: 'inspector', gates: 'release' },
    { kind: 'weight_certificate', uploader: 'inspector', gates: 'release' },
  );
  if (code !== null && (SELLER_INSURES_INCOTERMS as readonly string[]).includes(code)) {
    items.push({ kind: 'insurance_certificate', uploader: 'seller', gates: 'departure' });
  }
  return items;
}

/** The built-in templates, one per commodity for any Incoterm. */
export function defaultChecklistTemplates(): ChecklistTemplate[] {
  return PRODUCT_CATEGORIES.map((commodity) => ({
    commodity,
    incoterm: null,
    documents: defaultChecklist(commodity, null),
  }));
}

/**
 * The checklist of a deal: the admin's template for its commodity and Incoterm, else the admin's
 * template for its commodity and any Incoterm, else the built-in default.
 */
export function resolveChecklist(
  templates: readonly ChecklistTemplate[],
  commodity: ProductCategory,
  incoterm: string | null,
): ChecklistItem[] {
  const code = incoterm?.toUpperCase() ?? null;
  const exact = code ? templates.find((t) => t.commodity === commodity && t.incoterm === code) : undefined;
  const any = templates.find((t) => t.commodity === commodity && t.incoterm === null);
  return (exact ?? any)?.documents ?? defaultChecklist(commodity, code);
}

/** One document's state in a deal's checklist. */
export interface ChecklistDocumentState {
  kind: TradeDocumentKind;
  status: TradeDocumentStatus;
}

/** The documents of `checklist` that gate `gate` and are missing or rejected, in checklist order. */
export function missingDocumentsFor(
  checklist: readonly ChecklistItem[],
  documents: readonly ChecklistDocumentState[],
  gate: TradeDocumentGate,
): TradeDocumentKind[] {
  const uploaded = new Set(documents.filter((d) => d.status === 'uploaded').map((d) => d.kind));
  return checklist.filter((item) => item.gates === gate && !uploaded.has(item.kind)).map((item) => item.kind);
}

export const TRADE_DOCUMENT_REJECTION_MAX_LENGTH = 1000;

/** POST /api/admin/operations/{id}/documents/{kind}/reject. */
export const ZRejectTradeDocumentRequest = z
  .object({
    reason: zText({ multiline: true })
      .min(1, 'validation.required')
      .max(TRADE_DOCUMENT_REJECTION_MAX_LENGTH, 'validation.tooLong'),
  })
  .strict();
export type RejectTradeDocumentRequest = z.infer<typeof ZRejectTradeDocumentRequest>;

export const ZTradeDocumentParams = z.object({
  id: z.uuid('validation.invalid'),
  kind: z.enum(TRADE_DOCUMENT_KINDS),
});

/** A deal's checklist with each document's state (GET /api/operations/{id}/documents). */
export const ZTradeDocumentsResponse = z.object({
  /** The Incoterm the checklist was chosen by (null: none known; the commodity's any-Incoterm template). */
  incoterm: z.string().nullable(),
  commodity: z.enum(PRODUCT_CATEGORIES),
  items: z.array(
    z.object({
      kind: z.enum(TRADE_DOCUMENT_KINDS),
      uploader: z.enum(TRADE_DOCUMENT_UPLOADERS),
      gates: z.enum(TRADE_DOCUMENT_GATES),
      /** null: not uploaded yet. */
      status: z.enum(TRADE_DOCUMENT_STATUSES).nullable(),
      fileName: z.string().nullable(),
      uploadedAt: z.iso.datetime({ offset: true }).nullable(),
      /** The company that uploaded it. */
      uploadedBy: z.string().nullable(),
      rejectionReason: z.string().nullable(),
      /** Whether the caller may upload (or replace) it now. */
      canUpload: z.boolean(),
    }),
  ),
  /** Whether the caller may reject documents (admins). */
  canReject: z.boolean(),
});
export type TradeDocumentsResponse = z.infer<typeof ZTradeDocumentsResponse>;

/** Where a deal's document opens: GET, for the deal's participants, its partners and admins. */
export function tradeDocumentPath(operationId: string, kind: TradeDocumentKind): string {
  return `/api/operations/${encodeURIComponent(operationId)}/documents/${kind}/file`;
}
