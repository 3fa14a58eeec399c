/**
 * Why a ledger transfer happened, as a stable code the UI words in the viewer's
 * language (catalog `ledgerMemos.<code>`), never as prose stored in one language.
 * A memo is stored as `<code>` or `<code>: <detail>`, where the detail is what a
 * person wrote (an admin's cancellation reason) and is shown as written.
 */
export const LEDGER_MEMO_CODES = [
  'payment_confirmed',
  'settlement',
  'final_measurement',
  'dispute_release',
  'dispute_refund',
  'dispute_partial',
  'operation_expired',
  'operation_cancelled',
] as const;
export type LedgerMemoCode = (typeof LEDGER_MEMO_CODES)[number];

export interface LedgerMemo {
  /** Null for a memo written before codes (or by hand) that matches none: shown as stored. */
  code: LedgerMemoCode | null;
  detail: string | null;
}

/** Memos written as prose before codes existed, by the code they meant. */
const LEGACY_MEMOS: Record<string, LedgerMemoCode> = {
  'dispute: release': 'dispute_release',
  'dispute: refund': 'dispute_refund',
  'dispute: partial': 'dispute_partial',
  'Pago confirmado (demo)': 'payment_confirmed',
};

/** Details that only repeat the code (the expiry job's reason): not shown. */
const CODE_DETAILS = new Set(['deadline_passed']);

function isMemoCode(value: string): value is LedgerMemoCode {
  return (LEDGER_MEMO_CODES as readonly string[]).includes(value);
}

/** The memo a transfer stores: its code, and what a person wrote when there is something. */
export function writeLedgerMemo(code: LedgerMemoCode, detail?: string | null): string {
  const text = detail?.trim();
  return text ? `${code}: ${text}` : code;
}

/** A stored memo read back as its code and detail (old prose memos included). */
export function readLedgerMemo(memo: string | null): LedgerMemo | null {
  if (memo === null || memo.trim() === '') return null;
  const legacy = LEGACY_MEMOS[memo.trim()];
  if (legacy) return { code: legacy, detail: null };
  const separator = memo.indexOf(':');
  const head = (separator === -1 ? memo : memo.slice(0, separator)).trim();
  if (!isMemoCode(head)) return { code: null, detail: memo };
  const detail = separator === -1 ? '' : memo.slice(separator + 1).trim();
  return { code: head, detail: detail && !CODE_DETAILS.has(detail) ? detail : null };
}
