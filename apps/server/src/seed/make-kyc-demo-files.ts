/**
 * Generates the KYC-pending demo company's five documents into src/seed/assets/kyc/:
 * the PDFs with pdf-lib, the ID card as a PNG screenshot by Playwright's Chromium. Run once and
 * commit the files: `npx tsx apps/server/src/seed/make-kyc-demo-files.ts`. The seed stores the
 * committed files in the `documents` bucket; it needs neither library at run time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { DEMO_KYC_ASSETS_DIR, DEMO_KYC_DOCUMENTS, type DemoKycDocument } from './demo-kyc-documents';

const ISSUED = new Date('2026-09-01T12:00:00Z');
const DEMO_NOTICE = 'Documento de demostración de TradeOps: no tiene validez legal.';

async function makePdf(document: DemoKycDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(document.title);
  doc.setProducer('TradeOps');
  doc.setCreator('TradeOps demo seed');
  doc.setCreationDate(ISSUED);
  doc.setModificationDate(ISSUED);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  let y = 770;
  page.drawText(document.title, { x: 50, y, size: 18, font: bold, color: rgb(0.06, 0.16, 0.33) });
  y -= 36;
  for (const line of document.lines) {
    page.drawText(line, { x: 50, y, size: 12, font: regular });
    y -= 20;
  }
  page.drawText(DEMO_NOTICE, { x: 50, y: 60, size: 9, font: regular, color: rgb(0.35, 0.38, 0.42) });
  return doc.save({ useObjectStreams: false });
}

async function makePng(document: DemoKycDocument): Promise<Buffer> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 420, height: 260 } });
    const lines = document.lines.map((line) => `<p>${line}</p>`).join('');
    await page.setContent(`<body style="margin:0;font-family:sans-serif">
      <div style="box-sizing:border-box;width:420px;height:260px;padding:20px;background:#eef3fb;border:4px solid #0f2954">
        <h1 style="margin:0 0 16px;font-size:20px;color:#0f2954">${document.title}</h1>${lines}
        <p style="margin-top:24px;font-size:11px;color:#596069">${DEMO_NOTICE}</p>
      </div></body>`);
    return await page.screenshot({ type: 'png' });
  } finally {
    await browser.close();
  }
}

await mkdir(DEMO_KYC_ASSETS_DIR, { recursive: true });
for (const document of DEMO_KYC_DOCUMENTS) {
  const bytes = document.fileType === 'png' ? await makePng(document) : await makePdf(document);
  await writeFile(join(DEMO_KYC_ASSETS_DIR, document.assetFile), bytes);
  console.info(`${document.assetFile}: ${bytes.length} bytes`);
}
