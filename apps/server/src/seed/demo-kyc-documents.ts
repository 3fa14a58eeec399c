import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HOUR_MS, KYC_DOCUMENT_TYPES, type KycDocumentType, MIME_TYPE_BY_FILE_TYPE } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { SEED_ASSETS_DIR } from '../paths';
import { type Storage } from '../plugins/storage/storage';
import { type AppTransaction } from '../db/client';
import { profiles, userDocuments } from '../db/schema';
import { demoUserId } from './demo-accounts';
import { demoId } from './demo-ids';

/** The demo account whose documents wait in the admin review queue (docs/architecture.md, Contracts: KYC pending). */
export const DEMO_KYC_ACCOUNT_KEY = 'pendiente';

type DemoFileType = 'pdf' | 'png';

export interface DemoKycDocument {
  documentType: KycDocumentType;
  /** The committed file under src/seed/assets/kyc/ (made by make-kyc-demo-files.ts). */
  assetFile: string;
  fileType: DemoFileType;
  /** When it was uploaded, in hours before the seed ran. */
  uploadedHoursAgo: number;
  /** What the generator writes on it (Spanish: a Colombian company's papers). */
  title: string;
  lines: readonly string[];
}

/** One file per required document, each of a type that document accepts. */
export const DEMO_KYC_DOCUMENTS: readonly DemoKycDocument[] = [
  {
    documentType: 'government_id',
    assetFile: 'cedula-representante-legal.png',
    fileType: 'png',
    uploadedHoursAgo: 30,
    title: 'Cédula de ciudadanía',
    lines: ['Sofía Pérez', 'Representante legal', 'Agroimport Andina S.A.S.'],
  },
  {
    documentType: 'incorporation_cert',
    assetFile: 'certificado-existencia-representacion.pdf',
    fileType: 'pdf',
    uploadedHoursAgo: 29,
    title: 'Certificado de existencia y representación legal',
    lines: ['Agroimport Andina S.A.S.', 'NIT 901.234.567-1', 'Cámara de Comercio de Bogotá'],
  },
  {
    documentType: 'proof_address',
    assetFile: 'recibo-servicios-publicos.pdf',
    fileType: 'pdf',
    uploadedHoursAgo: 29,
    title: 'Recibo de servicios públicos',
    lines: ['Agroimport Andina S.A.S.', 'Calle 93 # 11-27, Bogotá D.C., Colombia'],
  },
  {
    documentType: 'bank_reference',
    assetFile: 'referencia-bancaria.pdf',
    fileType: 'pdf',
    uploadedHoursAgo: 28,
    title: 'Referencia bancaria',
    lines: ['Agroimport Andina S.A.S.', 'Cuenta corriente con antigüedad de 4 años'],
  },
  {
    documentType: 'tax_certificate',
    assetFile: 'registro-unico-tributario.pdf',
    fileType: 'pdf',
    uploadedHoursAgo: 28,
    title: 'Registro Único Tributario (RUT)',
    lines: ['Agroimport Andina S.A.S.', 'NIT 901.234.567-1', 'Responsable de IVA'],
  },
];

export const DEMO_KYC_ASSETS_DIR = join(SEED_ASSETS_DIR, 'kyc');

function storageKeyOf(document: DemoKycDocument): string {
  return `${demoUserId(DEMO_KYC_ACCOUNT_KEY)}/${document.documentType}/demo.${document.fileType}`;
}

export type StoredDemoKycDocuments = Map<KycDocumentType, { sizeBytes: number }>;

/** Puts the committed files in the `documents` bucket (before the transaction: file writes are slow). */
export async function storeDemoKycDocuments(storage: Storage): Promise<StoredDemoKycDocuments> {
  const stored: StoredDemoKycDocuments = new Map();
  for (const document of DEMO_KYC_DOCUMENTS) {
    // The seed's own choice must be one the upload route would accept.
    if (!(KYC_DOCUMENT_TYPES[document.documentType] as readonly string[]).includes(document.fileType)) {
      throw new Error(`demo ${document.documentType} cannot be a ${document.fileType}`);
    }
    const bytes = await readFile(join(DEMO_KYC_ASSETS_DIR, document.assetFile));
    const key = storageKeyOf(document);
    if (!(await storage.exists('documents', key))) {
      await storage.put('documents', key, bytes, {
        contentType: MIME_TYPE_BY_FILE_TYPE[document.fileType],
        fileName: document.assetFile,
      });
    }
    stored.set(document.documentType, { sizeBytes: bytes.length });
  }
  return stored;
}

/**
 * The KYC-pending demo company has uploaded its five documents, none reviewed yet, so an
 * admin trying the product finds it in the review queue. Only for the demo account itself
 * (an address taken by a real sign-up before the seed is left alone) and only documents it
 * does not have yet.
 */
export async function seedDemoKycDocuments(tx: AppTransaction, now: Date, stored: StoredDemoKycDocuments) {
  const userId = demoUserId(DEMO_KYC_ACCOUNT_KEY);
  const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (!profile) return;
  for (const document of DEMO_KYC_DOCUMENTS) {
    const file = stored.get(document.documentType);
    if (!file) continue;
    const uploadedAt = new Date(now.getTime() - document.uploadedHoursAgo * HOUR_MS);
    await tx
      .insert(userDocuments)
      .values({
        id: demoId(`kyc-document:${DEMO_KYC_ACCOUNT_KEY}:${document.documentType}`),
        userId,
        documentType: document.documentType,
        fileName: document.assetFile,
        storageKey: storageKeyOf(document),
        mimeType: MIME_TYPE_BY_FILE_TYPE[document.fileType],
        sizeBytes: file.sizeBytes,
        status: 'uploaded',
        uploadedAt,
        createdAt: uploadedAt,
        updatedAt: uploadedAt,
      })
      .onConflictDoNothing();
  }
}
