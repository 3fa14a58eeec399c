import {
  type BuyerStatement,
  type ContractSnapshot,
  type TradeTerms,
  type Language,
  type SellerStatement,
  type StatementIssuer,
  type StatementParty,
  feeBpsToPercent,
  formatDeadline,
  formatUtcOffset,
  formatUsd,
  localeOf,
} from '@tradeops/shared';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { translate } from '../../plugins/i18n';

/**
 * The PDF statements, drawn with pdf-lib (already used for the demo spec sheet; no native
 * parts, no install scripts) in the reader's language and time zone: a letterhead (the
 * platform's company, an admin setting), the statement's number, both parties as KYC verified
 * them, texts from the catalogs, money in the language's locale, and every time in the reader's
 * zone with its offset named (the zone comes in the link: statements.routes.ts).
 */

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const NAVY = rgb(0.06, 0.16, 0.33);
const GREY = rgb(0.35, 0.38, 0.42);
const LINE = rgb(0.8, 0.83, 0.87);

/**
 * The standard PDF fonts speak WinAnsi (Latin-1 and a few more): anything else (a company
 * name in another script, a narrow no-break space or the minus sign from Intl) becomes
 * something they can draw.
 */
function drawable(text: string): string {
  return text
    .replace(/[\u202F\u2009\u2007]/g, ' ')
    .replace(/\u2212/g, '-')
    .replace(
      /[^\x20-\x7E\xA0-\xFF\u20AC\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u017D\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u017E\u0178]/g,
      '?',
    );
}

/** Lines of `text` no wider than `width`, broken between words (a word too long for a line is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of drawable(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
  }
  return lines.map((value) => {
    let fitted = value;
    while (fitted.length > 1 && font.widthOfTextAtSize(fitted, size) > width) fitted = `${fitted.slice(0, -2)}…`;
    return fitted;
  });
}

class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
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

  /** The issuer on the left (name, address, tax id), the statement's number and date on the right. */
  letterhead(
    issuer: { name: string; lines: string[] },
    number: { label: string; value: string; issued: string },
  ): void {
    const leftWidth = CONTENT_WIDTH * 0.58;
    const rightWidth = CONTENT_WIDTH - leftWidth - 10;
    let left = this.y;
    this.page.drawText(this.fit(issuer.name, this.bold, 13, leftWidth), {
      x: MARGIN,
      y: left - 13,
      size: 13,
      font: this.bold,
      color: NAVY,
    });
    left -= 18;
    for (const line of issuer.lines.flatMap((text) => wrap(text, this.regular, 8.5, leftWidth))) {
      this.page.drawText(line, { x: MARGIN, y: left - 8.5, size: 8.5, font: this.regular, color: GREY });
      left -= 11;
    }
    let right = this.y;
    const rightAligned = (text: string, font: PDFFont, size: number, color = NAVY) => {
      const value = this.fit(text, font, size, rightWidth);
      this.page.drawText(value, {
        x: PAGE_WIDTH - MARGIN - font.widthOfTextAtSize(value, size),
        y: right - size,
        size,
        font,
        color,
      });
      right -= size + 4;
    };
    rightAligned(number.label, this.regular, 8.5, GREY);
    rightAligned(number.value, this.bold, 11);
    rightAligned(number.issued, this.regular, 8.5, GREY);
    this.y = Math.min(left, right) - 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 1,
      color: NAVY,
    });
    this.y -= 14;
  }

  title(text: string): void {
    this.ensure(30);
    this.page.drawText(this.fit(text, this.bold, 18, CONTENT_WIDTH), {
      x: MARGIN,
      y: this.y - 18,
      size: 18,
      font: this.bold,
      color: NAVY,
    });
    this.y -= 28;
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
    for (const line of wrap(text, this.regular, size, CONTENT_WIDTH)) {
      this.ensure(size + 6);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font: this.regular, color: GREY });
      this.y -= size + 5;
    }
  }

  /** A label and its value (or values, one a line); a long value wraps onto more lines. */
  pair(label: string, value: string | string[]): void {
    const lines = (Array.isArray(value) ? value : [value]).flatMap((text) =>
      wrap(text, this.bold, 10, CONTENT_WIDTH - 180),
    );
    this.ensure(16 * Math.max(1, lines.length));
    this.page.drawText(this.fit(label, this.regular, 10, 170), {
      x: MARGIN,
      y: this.y - 10,
      size: 10,
      font: this.regular,
      color: GREY,
    });
    for (const line of lines.length > 0 ? lines : ['']) {
      this.page.drawText(line, { x: MARGIN + 180, y: this.y - 10, size: 10, font: this.bold, color: NAVY });
      this.y -= 14;
    }
    this.y -= 2;
  }

  /** A table: each column's share of the width; right-aligned columns hold amounts; a row's note goes under it. */
  table(
    columns: { label: string; width: number; right?: boolean }[],
    rows: { cells: string[]; notes: string[] }[],
  ): void {
    const drawRow = (cells: string[], font: PDFFont) => {
      this.ensure(16);
      let x = MARGIN;
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        const width = column.width * CONTENT_WIDTH;
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
      for (const line of row.notes.flatMap((note) => wrap(note, this.regular, 7.5, CONTENT_WIDTH))) {
        this.ensure(10);
        this.page.drawText(line, { x: MARGIN, y: this.y - 6, size: 7.5, font: this.regular, color: GREY });
        this.y -= 10;
      }
      this.y -= 4;
    }
  }

  /** The footer of every page, with its number ("page 1 of 2"), once all pages exist. */
  footers(footer: (page: number, pages: number) => string): void {
    this.pages.forEach((page, index) => {
      page.drawText(this.fit(footer(index + 1, this.pages.length), this.regular, 8, CONTENT_WIDTH), {
        x: MARGIN,
        y: 28,
        size: 8,
        font: this.regular,
        color: GREY,
      });
    });
  }
}

async function openDocument(language: Language, title: string, author: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(drawable(title));
  doc.setLanguage(localeOf(language));
  doc.setAuthor(drawable(author));
  doc.setProducer('TradeOps');
  doc.setCreator('TradeOps');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, regular, bold };
}

/** Money, dates (in `timeZone`, each with its UTC offset), percentages and parties, in the reader's language. */
function formatters(language: Language, timeZone: string) {
  const locale = localeOf(language);
  const t = (key: string, params?: Record<string, string | number>) => translate(language, `statements.${key}`, params);
  return {
    t,
    money: (cents: number) => formatUsd(cents, locale),
    date: (iso: string) => formatDeadline(iso, language, timeZone),
    percent: (bps: number) => `${new Intl.NumberFormat(locale).format(feeBpsToPercent(bps))} %`,
    zone: (iso: string) => t('timeZone', { zone: timeZone, offset: formatUtcOffset(new Date(iso), timeZone) }),
    issuerLines: (issuer: StatementIssuer) =>
      [issuer.address, issuer.taxId ? `${t('taxId')}: ${issuer.taxId}` : null].filter((line): line is string =>
        Boolean(line),
      ),
    /** The legal name, then the tax id and the country. */
    party: (party: StatementParty) => [
      party.legalName,
      [
        `${t('taxId')}: ${party.taxId ?? t('taxIdMissing')}`,
        party.country ? translate(language, `countries.${party.country}`) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ],
  };
}

/** A party of a contract's snapshot (stored as accepted, orders.contract_terms) as a statement names it. */
function contractParty(party: ContractSnapshot['buyer']): StatementParty {
  return { legalName: party.legal_name, taxId: party.tax_id, country: party.country };
}

/**
 * A buyer's statement of one order: letterhead and number, the parties, the product, tons,
 * price per ton and amount, the escrow bank and every ledger transfer.
 */
export async function renderBuyerStatementPdf(
  statement: BuyerStatement,
  language: Language,
  timeZone: string,
): Promise<Uint8Array> {
  const f = formatters(language, timeZone);
  const { t } = f;
  const { doc, regular, bold } = await openDocument(
    language,
    `${t('buyer.pdfTitle')} ${statement.statementNumber}`,
    statement.issuer.legalName,
  );
  const pdf = new PdfWriter(doc, regular, bold);
  const order = statement.order;
  pdf.letterhead(
    { name: statement.issuer.legalName, lines: f.issuerLines(statement.issuer) },
    {
      label: t('buyer.number'),
      value: statement.statementNumber,
      issued: `${t('issuedAt')} ${f.date(statement.generatedAt)}`,
    },
  );
  pdf.title(t('buyer.pdfTitle'));
  pdf.text(f.zone(statement.generatedAt));
  pdf.heading(t('parties'));
  pdf.pair(t('buyerParty'), f.party(statement.buyer));
  pdf.pair(t('sellerParty'), f.party(statement.seller));
  pdf.heading(t('order'));
  pdf.pair(t('product'), order.operationTitle);
  pdf.pair(t('operation'), order.operationReference);
  pdf.pair(t('reference'), order.paymentReference);
  pdf.pair(t('volume'), `${order.volume} t`);
  pdf.pair(t('pricePerTon'), t('perTon', { amount: f.money(order.pricePerTonCents) }));
  pdf.pair(t('amount'), f.money(order.amountCents));
  pdf.pair(t('orderedAt'), f.date(order.createdAt));
  pdf.pair(t('held'), f.money(statement.heldCents));
  if (order.termsVersion) pdf.pair(t('termsVersion'), order.termsVersion);
  pdf.heading(translate(language, 'tradeTerms.title'));
  for (const [label, value] of tradeTermsPairs(statement.tradeTerms, language)) pdf.pair(label, value);
  pdf.heading(t('bank'));
  const bank = statement.escrowBank;
  if (bank) {
    pdf.pair(t('bankName'), bank.bankName);
    pdf.pair(t('accountName'), bank.accountName);
    pdf.pair(t('accountNumber'), bank.accountNumber);
    pdf.pair('SWIFT', bank.swift);
    if (bank.bankAddress) pdf.pair(t('bankAddress'), bank.bankAddress);
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
        cells: [f.date(movement.createdAt), t(`kinds.${movement.kind}`), f.money(movement.amountCents)],
        notes: [`${t('transferId')}: ${movement.transferId}`],
      })),
    );
  pdf.footers((page, pages) =>
    t('pdfFooter', { issuer: statement.issuer.legalName, number: statement.statementNumber, page, pages }),
  );
  return doc.save({ useObjectStreams: false });
}

/** A seller's payouts of one operation: letterhead and number, the parties, gross, fee and its rate, net. */
export async function renderSellerStatementPdf(
  statement: SellerStatement,
  language: Language,
  timeZone: string,
): Promise<Uint8Array> {
  const f = formatters(language, timeZone);
  const { t } = f;
  const { doc, regular, bold } = await openDocument(
    language,
    `${t('seller.pdfTitle')} ${statement.statementNumber}`,
    statement.issuer.legalName,
  );
  const pdf = new PdfWriter(doc, regular, bold);
  pdf.letterhead(
    { name: statement.issuer.legalName, lines: f.issuerLines(statement.issuer) },
    {
      label: t('seller.number'),
      value: statement.statementNumber,
      issued: `${t('issuedAt')} ${f.date(statement.generatedAt)}`,
    },
  );
  pdf.title(t('seller.pdfTitle'));
  pdf.text(f.zone(statement.generatedAt));
  pdf.heading(t('operation'));
  pdf.pair(t('sellerParty'), f.party(statement.seller));
  pdf.pair(t('product'), statement.operation.title);
  pdf.pair(t('operation'), statement.operation.reference);
  pdf.pair(t('volume'), `${statement.operation.totalTons} t`);
  pdf.pair(t('pricePerTon'), t('perTon', { amount: f.money(statement.operation.pricePerTonCents) }));
  pdf.heading(translate(language, 'tradeTerms.title'));
  for (const [label, value] of tradeTermsPairs(statement.operation.tradeTerms, language)) pdf.pair(label, value);
  pdf.heading(t('seller.totals'));
  pdf.pair(t('seller.gross'), f.money(statement.totals.grossCents));
  pdf.pair(t('seller.fee'), f.money(statement.totals.feeCents));
  pdf.pair(t('seller.net'), f.money(statement.totals.netCents));
  pdf.pair(t('seller.currentFee'), f.percent(statement.currentFeeBps));
  pdf.heading(t('seller.payouts'));
  if (statement.payouts.length === 0) pdf.text(t('seller.noPayouts'));
  else
    pdf.table(
      [
        { label: t('date'), width: 0.3 },
        { label: t('volume'), width: 0.1, right: true },
        { label: t('seller.gross'), width: 0.18, right: true },
        { label: t('seller.fee'), width: 0.24, right: true },
        { label: t('seller.net'), width: 0.18, right: true },
      ],
      statement.payouts.map((payout) => ({
        cells: [
          f.date(payout.createdAt),
          `${payout.volume} t`,
          f.money(payout.grossCents),
          payout.feeBps === null
            ? f.money(payout.feeCents)
            : `${f.money(payout.feeCents)} (${f.percent(payout.feeBps)})`,
          f.money(payout.netCents),
        ],
        notes: [
          payout.tranche === 2 ? translate(language, 'ledgerMemos.final_measurement') : null,
          payout.buyer ? `${t('buyerParty')}: ${f.party(payout.buyer).join(' · ')}` : null,
          `${t('reference')}: ${payout.paymentReference} · ${t('transferId')}: ${payout.transferId}`,
        ].filter((note): note is string => note !== null),
      })),
    );
  pdf.footers((page, pages) =>
    t('pdfFooter', { issuer: statement.issuer.legalName, number: statement.statementNumber, page, pages }),
  );
  return doc.save({ useObjectStreams: false });
}

/** The trade terms as label/value pairs in the reader's language (the contract's and the statements' section). */
export function tradeTermsPairs(terms: TradeTerms, language: Language): [string, string][] {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, `tradeTerms.${key}`, params);
  const locale = localeOf(language);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return [
    [t('incoterm'), t('incotermValue', { incoterm: terms.incoterm, place: terms.namedPlace })],
    [t('shipmentWindow'), t('windowValue', { from: day(terms.shipmentFrom), to: day(terms.shipmentTo) })],
    [t('tolerance'), t('toleranceValue', { percent: terms.quantityTolerancePercent })],
    [t('quality'), terms.qualitySpecification],
    [t('inspectionBody'), terms.inspectionBody ?? t('inspectionByPlatform')],
    [
      t('insurance'),
      terms.insurancePayer === 'none'
        ? t('insurers.none')
        : t('insuranceValue', { payer: t(`insurers.${terms.insurancePayer}`), percent: terms.insuredPercent ?? 0 }),
    ],
    [t('paymentTerms'), [t('paymentStandard'), terms.paymentTerms].filter(Boolean).join(' ')],
  ];
}

/**
 * An order's pro-forma invoice and sales contract, drawn from the copy the order recorded when
 * the buyer ordered (never from the deal as it is now): letterhead and number, both parties with
 * tax ids, the goods, the order's tons, price per ton and total, the trade terms, the clauses,
 * and the version and fingerprint of what was accepted.
 */
export async function renderContractPdf(
  contract: {
    number: string;
    version: number;
    hash: string;
    snapshot: ContractSnapshot;
    issuer: StatementIssuer;
    paymentReference: string;
  },
  language: Language,
  timeZone: string,
): Promise<Uint8Array> {
  const f = formatters(language, timeZone);
  const c = (key: string, params?: Record<string, string | number>) => translate(language, `contract.${key}`, params);
  const { snapshot } = contract;
  const title = language === 'en' && snapshot.title_en ? snapshot.title_en : snapshot.title;
  const { doc, regular, bold } = await openDocument(
    language,
    `${c('pdfTitle')} ${contract.number}`,
    contract.issuer.legalName,
  );
  const pdf = new PdfWriter(doc, regular, bold);
  pdf.letterhead(
    { name: contract.issuer.legalName, lines: f.issuerLines(contract.issuer) },
    { label: c('number'), value: contract.number, issued: `${c('acceptedAt')} ${f.date(snapshot.accepted_at)}` },
  );
  pdf.title(c('pdfTitle'));
  pdf.text(f.zone(snapshot.accepted_at));
  pdf.heading(f.t('parties'));
  pdf.pair(c('seller'), f.party(contractParty(snapshot.seller)));
  pdf.pair(c('buyer'), f.party(contractParty(snapshot.buyer)));
  pdf.heading(c('goods'));
  pdf.pair(f.t('product'), `${title} (${snapshot.product_name})`);
  pdf.pair(f.t('operation'), snapshot.operation_reference);
  pdf.pair(
    c('route'),
    `${translate(language, `countries.${snapshot.origin_country}`)} → ${translate(language, `countries.${snapshot.destination_country}`)}`,
  );
  pdf.pair(f.t('volume'), `${snapshot.volume} t`);
  pdf.pair(f.t('pricePerTon'), f.t('perTon', { amount: f.money(snapshot.price_per_ton_cents) }));
  pdf.pair(c('total'), f.money(snapshot.amount_cents));
  pdf.pair(f.t('reference'), contract.paymentReference);
  pdf.heading(c('terms'));
  for (const [label, value] of tradeTermsPairs(snapshot.trade_terms, language)) pdf.pair(label, value);
  pdf.heading(c('clauses'));
  for (const clause of ['clauseEscrow', 'clauseHoldback', 'clauseTolerance', 'clauseLaw'] as const) {
    pdf.text(c(clause, { percent: snapshot.trade_terms.quantityTolerancePercent }));
  }
  pdf.heading(c('acceptance'));
  pdf.pair(c('version'), String(contract.version));
  if (snapshot.terms_version) pdf.pair(f.t('termsVersion'), snapshot.terms_version);
  pdf.pair(c('fingerprint'), contract.hash);
  pdf.footers((page, pages) =>
    c('pdfFooter', { issuer: contract.issuer.legalName, number: contract.number, page, pages }),
  );
  return doc.save({ useObjectStreams: false });
}
