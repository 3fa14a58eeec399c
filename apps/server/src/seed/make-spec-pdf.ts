/**
 * Generates the demo specification sheet of the featured deal's product
 * (Milk Powder, version 2.1) into src/seed/assets/. Run once and commit the
 * PDF: `npx tsx apps/server/src/seed/make-spec-pdf.ts`. The seed stores the
 * committed file in the `specs` bucket; it does not need pdf-lib at run time.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { SEED_ASSETS_DIR } from '../paths';
import { MILK_POWDER_SPEC } from './demo-specs';

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const NAVY = rgb(0.06, 0.16, 0.33);
const GREY = rgb(0.35, 0.38, 0.42);
const LINE = rgb(0.8, 0.83, 0.87);
const BAND = rgb(0.93, 0.95, 0.98);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

class SheetWriter {
  private page: PDFPage;
  private y = PAGE_HEIGHT - MARGIN;
  private pageNumber = 1;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    page.drawText(`Milk Powder - Product Specification - Version ${MILK_POWDER_SPEC.version}`, {
      x: MARGIN,
      y: 28,
      size: 8,
      font: this.fonts.regular,
      color: GREY,
    });
    page.drawText(`Page ${this.pageNumber}`, {
      x: PAGE_WIDTH - MARGIN - 30,
      y: 28,
      size: 8,
      font: this.fonts.regular,
      color: GREY,
    });
    return page;
  }

  private ensureSpace(height: number): void {
    if (this.y - height >= MARGIN + 20) return;
    this.pageNumber += 1;
    this.page = this.addPage();
    this.y = PAGE_HEIGHT - MARGIN;
  }

  title(text: string, subtitle: string): void {
    this.page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 110, width: PAGE_WIDTH, height: 110, color: NAVY });
    this.page.drawText('TradeOps', {
      x: MARGIN,
      y: PAGE_HEIGHT - 45,
      size: 12,
      font: this.fonts.bold,
      color: rgb(1, 1, 1),
    });
    this.page.drawText(text, { x: MARGIN, y: PAGE_HEIGHT - 75, size: 22, font: this.fonts.bold, color: rgb(1, 1, 1) });
    this.page.drawText(subtitle, {
      x: MARGIN,
      y: PAGE_HEIGHT - 95,
      size: 10,
      font: this.fonts.regular,
      color: rgb(0.85, 0.89, 0.95),
    });
    this.y = PAGE_HEIGHT - 135;
  }

  heading(text: string): void {
    this.ensureSpace(40);
    this.y -= 8;
    this.page.drawText(text, { x: MARGIN, y: this.y, size: 12, font: this.fonts.bold, color: NAVY });
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.8,
      color: NAVY,
    });
    this.y -= 16;
  }

  paragraph(text: string, size = 9.5): void {
    const width = PAGE_WIDTH - 2 * MARGIN;
    for (const line of this.wrap(text, this.fonts.regular, size, width)) {
      this.ensureSpace(size + 4);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font: this.fonts.regular, color: rgb(0.1, 0.1, 0.12) });
      this.y -= size + 4;
    }
    this.y -= 4;
  }

  table(columns: { header: string; width: number }[], rows: string[][]): void {
    const size = 9;
    const rowPadding = 5;
    const drawRow = (cells: string[], font: PDFFont, fill?: ReturnType<typeof rgb>) => {
      const wrapped = cells.map((cell, i) => this.wrap(cell, font, size, (columns[i]?.width ?? 100) - 2 * rowPadding));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * (size + 3) + 2 * rowPadding;
      this.ensureSpace(height);
      if (fill)
        this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: PAGE_WIDTH - 2 * MARGIN, height, color: fill });
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, j) => {
          this.page.drawText(line, {
            x: x + rowPadding,
            y: this.y - rowPadding - size - j * (size + 3) + 2,
            size,
            font,
            color: rgb(0.1, 0.1, 0.12),
          });
        });
        x += columns[i]?.width ?? 100;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: PAGE_WIDTH - MARGIN, y: this.y },
        thickness: 0.5,
        color: LINE,
      });
    };
    drawRow(
      columns.map((column) => column.header),
      this.fonts.bold,
      BAND,
    );
    for (const row of rows) drawRow(row, this.fonts.regular);
    this.y -= 12;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/)) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    return lines;
  }
}

async function buildSpecSheet(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // Fixed metadata so regenerating yields the same sheet.
  const issued = new Date('2024-11-04T12:00:00Z');
  doc.setTitle(`Milk Powder Specification v${MILK_POWDER_SPEC.version}`);
  doc.setAuthor('TradeOps Quality Desk');
  doc.setSubject('Regular milk powder, 26% fat - product specification');
  doc.setKeywords(['milk powder', 'specification', 'dairy', 'TradeOps']);
  doc.setProducer('TradeOps');
  doc.setCreator('TradeOps seed (pdf-lib)');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const sheet = new SheetWriter(doc, fonts);

  sheet.title(
    'Milk Powder - Product Specification',
    `Regular milk powder, 26% fat  |  Version ${MILK_POWDER_SPEC.version}  |  Issued 4 November 2024`,
  );

  sheet.heading('1. Product identification');
  sheet.table(
    [
      { header: 'Item', width: 170 },
      { header: 'Detail', width: 325 },
    ],
    [
      ['Product', 'Regular milk powder (leche en polvo regular), spray-dried'],
      ['Fat class', 'Regular, 26% milk fat'],
      ['Origin', 'Uruguay - plants approved for export by the Ministry of Livestock (MGAP)'],
      ['HS code', '0402.21 - milk powder, fat content above 1.5%, unsweetened'],
      ['Standard', 'Codex Alimentarius CXS 207-1999 (milk powders and cream powder)'],
      ['Ingredients', 'Fresh cow milk, standardised for fat and protein. No additives.'],
    ],
  );

  sheet.heading('2. Composition');
  sheet.table(
    [
      { header: 'Parameter', width: 185 },
      { header: 'Specification', width: 150 },
      { header: 'Method', width: 160 },
    ],
    [
      ['Milk fat', '26.0% min. (26.0 - 28.0%)', 'ISO 1736 (Röse-Gottlieb)'],
      ['Moisture', '4.0% max. (typical 3.0%)', 'ISO 5537'],
      ['Protein (N x 6.38)', '24.0% min. (34% min. in MSNF)', 'ISO 8968-1 (Kjeldahl)'],
      ['Lactose (anhydrous)', '36.0 - 39.0%', 'ISO 22662'],
      ['Ash', '6.5% max.', 'ADPI method'],
      ['Titratable acidity', '0.15% max. (as lactic acid)', 'ISO 6091'],
      ['Solubility index', '1.0 ml max.', 'ISO 8156'],
      ['Scorched particles', 'Disc A or B', 'ADPI method'],
      ['Bulk density (tapped)', '0.50 - 0.60 g/ml', 'ISO 8967'],
    ],
  );

  sheet.heading('3. Microbiological limits');
  sheet.table(
    [
      { header: 'Organism', width: 185 },
      { header: 'Limit', width: 150 },
      { header: 'Method', width: 160 },
    ],
    [
      ['Total plate count (30 °C)', '50,000 cfu/g max.', 'ISO 4833-1'],
      ['Coliforms', '10 cfu/g max.', 'ISO 4832'],
      ['Yeasts and moulds', '100 cfu/g max.', 'ISO 6611'],
      ['Staphylococcus aureus (coag. +)', 'Absent in 1 g', 'ISO 6888-1'],
      ['Salmonella spp.', 'Absent in 25 g', 'ISO 6579-1'],
      ['Listeria monocytogenes', 'Absent in 25 g', 'ISO 11290-1'],
    ],
  );

  sheet.heading('4. Sensory');
  sheet.paragraph(
    'Colour white to light cream, uniform. Clean, pleasant milky taste and odour, free from rancid, oxidised, scorched or foreign flavours. Free-flowing powder, free from lumps that do not break under light pressure.',
  );

  sheet.heading('5. Packaging');
  sheet.paragraph(
    'Multi-wall kraft paper bags with a heat-sealed polyethylene inner liner, 25 kg net each. Each bag is marked with product name, net weight, production and best-before dates, lot number, plant approval number and country of origin. 1,000 bags (25 metric tons) per container, palletised and stretch-wrapped or floor-loaded as agreed.',
  );

  sheet.heading('6. Storage and shelf life');
  sheet.paragraph(
    'Store in a cool, dry and clean place, away from direct sunlight and strong odours, at temperatures below 25 °C and relative humidity below 65%. Keep bags off the floor on pallets. Shelf life: 24 months from production in unopened original packaging under these conditions.',
  );

  sheet.heading('7. Documents supplied with each shipment');
  sheet.paragraph(
    'Certificate of analysis per lot, health certificate issued by MGAP, certificate of origin, packing list, commercial invoice and bill of lading. Independent pre-shipment inspection (quantity, packaging and sampling) is arranged by the operation manager; results are shared with every participant of the operation.',
  );

  sheet.heading('8. Notes');
  sheet.paragraph(
    'Values are per 100 g of product unless stated. This specification forms part of the TradeOps operation contract for the regular milk powder deal; in case of dispute the certificate of analysis of an independent laboratory prevails. Demo document for the TradeOps marketplace.',
    8.5,
  );

  return doc.save({ useObjectStreams: false });
}

const bytes = await buildSpecSheet();
const target = join(SEED_ASSETS_DIR, MILK_POWDER_SPEC.assetFile);
await writeFile(target, bytes);
console.info(`Wrote ${target} (${bytes.length} bytes)`);
