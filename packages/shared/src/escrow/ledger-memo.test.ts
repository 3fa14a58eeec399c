import { describe, expect, it } from 'vitest';
import { LEDGER_MEMO_CODES, readLedgerMemo, writeLedgerMemo } from './ledger-memo';
import en from '../i18n/en.json';
import es from '../i18n/es.json';

describe('ledger memos', () => {
  it('reads back every code it writes, with the detail a person wrote', () => {
    for (const code of LEDGER_MEMO_CODES) expect(readLedgerMemo(writeLedgerMemo(code))).toEqual({ code, detail: null });
    expect(readLedgerMemo(writeLedgerMemo('operation_cancelled', 'Proveedor sin stock: ok'))).toEqual({
      code: 'operation_cancelled',
      detail: 'Proveedor sin stock: ok',
    });
  });

  it('reads the prose memos written before codes as their codes', () => {
    expect(readLedgerMemo('settlement')).toEqual({ code: 'settlement', detail: null });
    expect(readLedgerMemo('dispute: partial')).toEqual({ code: 'dispute_partial', detail: null });
    expect(readLedgerMemo('dispute: release')).toEqual({ code: 'dispute_release', detail: null });
    expect(readLedgerMemo('dispute: refund')).toEqual({ code: 'dispute_refund', detail: null });
    expect(readLedgerMemo('operation_expired: deadline_passed')).toEqual({ code: 'operation_expired', detail: null });
    expect(readLedgerMemo('Pago confirmado (demo)')).toEqual({ code: 'payment_confirmed', detail: null });
  });

  it('keeps an unknown memo as written and has none for an empty one', () => {
    expect(readLedgerMemo('manual fix: see ticket 12')).toEqual({ code: null, detail: 'manual fix: see ticket 12' });
    expect(readLedgerMemo(null)).toBeNull();
    expect(readLedgerMemo('  ')).toBeNull();
  });

  it('words every code in both languages', () => {
    for (const code of LEDGER_MEMO_CODES) {
      expect(es.ledgerMemos[code], code).toBeTypeOf('string');
      expect(en.ledgerMemos[code], code).toBeTypeOf('string');
    }
  });
});
