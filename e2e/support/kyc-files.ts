/** Small real files for upload tests, as bytes in code. */
export const PDF_FILE = {
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
      '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
      '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
      'trailer <</Root 1 0 R>>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  ),
};

export const PNG_FILE = {
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** A file per required document, in the spec's order. */
export const KYC_UPLOADS = [
  { type: 'government_id', name: 'cedula.png', ...PNG_FILE },
  { type: 'incorporation_cert', name: 'acta.pdf', ...PDF_FILE },
  { type: 'proof_address', name: 'recibo.pdf', ...PDF_FILE },
  { type: 'bank_reference', name: 'banco.pdf', ...PDF_FILE },
  { type: 'tax_certificate', name: 'rut.pdf', ...PDF_FILE },
] as const;
