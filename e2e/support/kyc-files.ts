import { PDF_BYTES, PNG_BYTES } from '../../apps/server/src/test/kyc-files';

/** Small real files for upload tests (the API tests' bytes), as Playwright's file payloads. */
export const PDF_FILE = { mimeType: 'application/pdf', buffer: PDF_BYTES };

export const PNG_FILE = { mimeType: 'image/png', buffer: PNG_BYTES };

/** A file per required document, in the spec's order. */
export const KYC_UPLOADS = [
  { type: 'government_id', name: 'cedula.png', ...PNG_FILE },
  { type: 'incorporation_cert', name: 'acta.pdf', ...PDF_FILE },
  {
    type: 'proof_address',
    name: 'recibo.pdf',
    ...PDF_FILE,
    fields: { issuedOn: new Date().toISOString().slice(0, 10) },
  },
  { type: 'bank_reference', name: 'banco.pdf', ...PDF_FILE },
  { type: 'tax_certificate', name: 'rut.pdf', ...PDF_FILE },
] as const;
