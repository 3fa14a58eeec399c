import {
  type BuyerStatement,
  type Language,
  type SellerStatement,
  feeBpsToPercent,
  formatUsd,
  localeOf,
} from '@tradeops/shared';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { translate } from '../../plugins/i18n';

/**
 * The PDF statements, drawn with pdf-lib (already used for the demo spec sheet; no native
 * parts, no install scripts) in the reader's language: texts from the catalogs, money and
 * dates in the language's locale, times in UTC (said on the page).
 */

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const NAVY = rgb(0.06, 0.16, 0.33);
const GREY = rgb(0.35, 0.38, 0.42);
const LINE = rgb(0.8, 0.83, 0.87);

/**
 * The standard PDF fonts speak WinAnsi (Latin-1 and a few more): anything else (a company
 * name in another script, a narrow no-break space from Intl) becomes something they can draw.
 */
function drawable(text: string): string {
  return text
    .replace(/[\u202F\u2009\u2007]/g, ' ')
    .replace(
      /[^\x20-\x7E\xA0-\xFF\u20AC\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u017D\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u017E\u0178]/g,
      '?',
    );
}

class PdfWriter {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.page.drawText(drawable(this.footer), { x: MARGIN, y: 28, size: 8, font: this.regular, color: GREY });
    this.y = PAGE_HEIGHT - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  private fit(text: string, font: PDFFont, size: number, width: number): string {
    let value = drawable(text);
    while (value.length > 1 && font.widthOfTextAtSize(value, size) > width) value = `${value.slice(0, -2)}…`;
    return value;
  }

  title(text: string): void {
    this.ensure(30);
    this.page.drawText(this.fit(text, this.bold, 18, PAGE_WIDTH - 2 * MARGIN), {
      x: MARGIN,
      y: this.y - 18,
      size: 18,
      font: this.bold,
      color: NAVY,
    });
    this.y -= 30;
  }

  heading(text: string): void {
    this.ensure(36);
    this.y -= 12;
    this.page.drawText(drawable(text), { x: MARGIN, y: this.y - 12, size: 12, font: this.bold, color: NAVY });
    this.y -= 18;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.5,
      color: LINE,
    });
    this.y -= 6;
  }

  text(text: string, size = 9): void {
    this.ensure(size + 6);
    this.page.drawText(this.fit(text, this.regular, size, PAGE_WIDTH - 2 * MARGIN), {
      x: MARGIN,
      y: this.y - size,
      size,
      font: this.regular,
      color: GREY,
    });
    this.y -= size + 5;
  }

  pair(label: string, value: string): void {
    this.ensure(16);
    this.page.drawText(this.fit(label, this.regular, 10, 170), {
      x: MARGIN,
      y: this.y - 10,
      size: 10,
      font: this.regular,
      color: GREY,
    });
    this.page.drawText(this.fit(value, this.bold, 10, PAGE_WIDTH - 2 * MARGIN - 180), {
      x: MARGIN + 180,
      y: this.y - 10,
      size: 10,
      font: this.bold,
      color: NAVY,
    });
    this.y -= 16;
  }

  /** A table: each column's share of the width; right-aligned columns hold amounts; a row's note goes under it. */
  table(columns: { label: string; width: number; right?: boolean }[], rows: { cells: string[]; note: string }[]): void {
    const total = PAGE_WIDTH - 2 * MARGIN;
    const drawRow = (cells: string[], font: PDFFont) => {
      this.ensure(16);
      let x = MARGIN;
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        const width = column.width * total;
        const value = this.fit(cell, font, 8.5, width - 6);
        const offset = column.right ? width - 6 - font.widthOfTextAtSize(value, 8.5) : 0;
        this.page.drawText(value, { x: x + offset, y: this.y - 9, size: 8.5, font, color: NAVY });
        x += width;
      });
      this.y -= 15;
    };
    drawRow(
      columns.map((column) => column.label),
      this.bold,
    );
    for (const row of rows) {
      drawRow(row.cells, this.regular);
      this.page.drawText(this.fit(row.note, this.regular, 7.5, total), {
        x: MARGIN,
        y: this.y - 6,
        size: 7.5,
        font: this.regular,
        color: GREY,
      });
      this.y -= 14;
    }
  }
}

async function openDocument(language: Language, title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(drawable(title));
  doc.setLanguage(localeOf(language));
  doc.setProducer('TradeOps');
  doc.setCreator('TradeOps');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, regular, bold };
}

function formatters(language: Language) {
  const locale = localeOf(language);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return {
    money: (cents: number) => formatUsd(cents, locale),
    date: (iso: string) => `${dates.format(new Date(iso))} UTC`,
    percent: (bps: number) => `${new Intl.NumberFormat(locale).format(feeBpsToPercent(bps))} %`,
  };
}

/** A buyer's statement of one order: reference, amounts, dates, the escrow bank and every ledger transfer. */
export async function renderBuyerStatementPdf(statement: BuyerStatement, language: Language): Promise<Uint8Array> {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, `statements.${key}`, params);
  const f = formatters(language);
  const { doc, regular, bold } = await openDocument(language, t('buyer.pdfTitle'));
  const pdf = new PdfWriter(doc, regular, bold, t('pdfFooter', { date: f.date(statement.generated_at) }));
  const order = statement.participation;
  pdf.title(t('buyer.pdfTitle'));
  pdf.text(order.operation_title, 11);
  pdf.heading(t('order'));
  pdf.pair(t('reference'), order.payment_reference);
  pdf.pair(t('volume'), `${order.volume} t`);
  pdf.pair(t('amount'), f.money(order.amount_cents));
  pdf.pair(t('orderedAt'), f.date(order.created_at));
  pdf.pair(t('held'), f.money(statement.held_cents));
  if (order.terms_version) pdf.pair(t('termsVersion'), order.terms_version);
  pdf.heading(t('bank'));
  const bank = statement.escrow_bank;
  if (bank) {
    pdf.pair(t('bankName'), bank.bank_name);
    pdf.pair(t('accountName'), bank.account_name);
    pdf.pair(t('accountNumber'), bank.account_number);
    pdf.pair('SWIFT', bank.swift);
    if (bank.bank_address) pdf.pair(t('bankAddress'), bank.bank_address);
  } else {
    pdf.text(t('noBank'));
  }
  pdf.heading(t('movements'));
  if (statement.movements.length === 0) pdf.text(t('noMovements'));
  else
    pdf.table(
      [
        { label: t('date'), width: 0.4 },
        { label: t('movement'), width: 0.35 },
        { label: t('amount'), width: 0.25, right: true },
      ],
      statement.movements.map((movement) => ({
        cells: [f.date(movement.created_at), t(`kinds.${movement.kind}`), f.money(movement.amount_cents)],
        note: `${t('transferId')}: ${movement.transfer_id}`,
      })),
    );
  return doc.save({ useObjectStreams: false });
}

/** A seller's payouts of one operation: gross, the platform's fee and its rate, net, date and transfer. */
export async function renderSellerStatementPdf(statement: SellerStatement, language: Language): Promise<Uint8Array> {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, `statements.${key}`, params);
  const f = formatters(language);
  const { doc, regular, bold } = await openDocument(language, t('seller.pdfTitle'));
  const pdf = new PdfWriter(doc, regular, bold, t('pdfFooter', { date: f.date(statement.generated_at) }));
  pdf.title(t('seller.pdfTitle'));
  pdf.text(statement.operation.title, 11);
  pdf.heading(t('seller.totals'));
  pdf.pair(t('seller.gross'), f.money(statement.totals.gross_cents));
  pdf.pair(t('seller.fee'), f.money(statement.totals.fee_cents));
  pdf.pair(t('seller.net'), f.money(statement.totals.net_cents));
  pdf.pair(t('seller.currentFee'), f.percent(statement.current_fee_bps));
  pdf.heading(t('seller.payouts'));
  if (statement.payouts.length === 0) pdf.text(t('seller.noPayouts'));
  else
    pdf.table(
      [
        { label: t('date'), width: 0.3 },
        { label: t('seller.gross'), width: 0.2, right: true },
        { label: t('seller.fee'), width: 0.3, right: true },
        { label: t('seller.net'), width: 0.2, right: true },
      ],
      statement.payouts.map((payout) => ({
        cells: [
          f.date(payout.created_at),
          f.money(payout.gross_cents),
          payout.fee_bps === null
            ? f.money(payout.fee_cents)
            : `${f.money(payout.fee_cents)} (${f.percent(payout.fee_bps)})`,
          f.money(payout.net_cents),
        ],
        note: [
          `${t('reference')}: ${payout.payment_reference}`,
          `${t('transferId')}: ${payout.transfer_id}`,
          payout.buyer_company,
        ]
          .filter(Boolean)
          .join(' · '),
      })),
    );
  return doc.save({ useObjectStreams: false });
}
