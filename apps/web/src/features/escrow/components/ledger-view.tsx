import { type LedgerTransfer, formatUsd, readLedgerMemo } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate, toLocale } from '../../../lib/format';
import { useOperationLedger } from '../api/get-ledger';
import { InnerPage } from '../../../components/ui/inner-page';
import { LoadMore } from '../../../components/ui/load-more';

const ACCOUNT_KINDS = ['buyer', 'escrow', 'seller', 'platform'] as const;
type AccountKind = (typeof ACCOUNT_KINDS)[number];

type LedgerEntry = LedgerTransfer['entries'][number];

/** Why a transfer happened, in the viewer's language: its memo code worded by the catalog, then what a person wrote. */
function MemoText({ memo }: { memo: string | null }) {
  const { t } = useTranslation();
  const read = readLedgerMemo(memo);
  if (!read) return null;
  const words = [read.code ? t(`ledgerMemos.${read.code}`) : null, read.detail].filter(Boolean).join(' — ');
  return (
    <p className="mt-2 text-sm text-slate-600" data-testid="ledger-memo">
      {words}
    </p>
  );
}

/** An account name ("escrow:<operation id>") shown as its kind and a short id. */
function shortAccount(account: string): { kind: AccountKind | null; raw: string; id: string } {
  const [raw = '', id = ''] = account.split(':');
  const kind = (ACCOUNT_KINDS as readonly string[]).includes(raw) ? (raw as AccountKind) : null;
  return { kind, raw, id: id.length > 12 ? `${id.slice(0, 8)}…` : id };
}

/**
 * /admin/operations/{id}/ledger: the operation's escrow transfers a page at a time, each named by what
 * it is (a partial refund is not a release), with their entries, and five sums of the whole ledger the
 * server keeps: deposited, released to the seller, platform fee, refunded, still held.
 */
export function LedgerView({ operationId }: { operationId: string }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const entryColumns: DataColumn<LedgerEntry>[] = [
    {
      key: 'account',
      header: t('adminLedger.account'),
      cell: (entry) => {
        const account = shortAccount(entry.account);
        return (
          <>
            <span className="font-medium text-brand-900">
              {account.kind ? t(`adminLedger.accounts.${account.kind}`) : account.raw}
            </span>
            {entry.party && <span className="text-slate-700"> · {entry.party}</span>}{' '}
            <span className="font-mono text-xs text-slate-500" title={entry.account}>
              {account.id}
            </span>
          </>
        );
      },
    },
    {
      key: 'amount',
      header: t('adminLedger.amount'),
      isNumeric: true,
      cell: (entry) => (
        <span className={`font-medium ${entry.amountCents < 0 ? 'text-rose-700' : 'text-emerald-800'}`}>
          {formatUsd(entry.amountCents, locale)}
        </span>
      ),
    },
  ];
  const ledger = useOperationLedger(operationId);
  // The sums and the title are the whole ledger's, the same on every page.
  const data = ledger.firstPage;

  return (
    <InnerPage
      back={{ to: `/admin/operations/${encodeURIComponent(operationId)}`, label: t('adminLedger.back') }}
      title={t('adminLedger.title')}
    >
      {data && <p className="mt-2 text-slate-600">{t('adminLedger.subtitle', { title: data.operation.title })}</p>}
      <QueryState query={ledger} failure={t('adminLedger.loadError')} className="mt-6" skeletonClassName="h-64 w-full">
        {() =>
          data && (
            <>
              <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
                {(
                  [
                    ['deposited', data.depositedCents],
                    ['releasedToSeller', data.releasedToSellerCents],
                    ['platformFee', data.platformFeeCents],
                    ['refunded', data.refundedCents],
                    ['held', data.heldCents],
                  ] as const
                ).map(([key, cents]) => (
                  <div
                    key={key}
                    className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm last:col-span-2 sm:p-4 lg:last:col-span-1"
                  >
                    <dt className="text-sm text-slate-600">{t(`adminLedger.${key}`)}</dt>
                    <dd
                      className="mt-1 text-xl font-bold break-words text-brand-900 tabular-nums sm:text-2xl"
                      data-testid={`ledger-${key}`}
                    >
                      {formatUsd(cents, locale)}
                    </dd>
                  </div>
                ))}
              </dl>
              {ledger.items.length === 0 ? (
                <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
                  {t('adminLedger.empty')}
                </p>
              ) : (
                <ol className="mt-6 space-y-4">
                  {ledger.items.map((transfer) => (
                    <li
                      key={transfer.id}
                      data-testid="ledger-transfer"
                      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                    >
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <div className="flex flex-wrap items-center gap-2">
                          <Badge tone={transfer.nature === 'deposit' ? 'brand' : 'accent'}>
                            {t(`adminLedger.nature.${transfer.nature}`)}
                          </Badge>
                          <span className="text-sm text-slate-600">
                            {formatDate(transfer.createdAt, i18n.language, {
                              dateStyle: 'medium',
                              timeStyle: 'short',
                            })}
                          </span>
                        </div>
                        <Badge tone={transfer.sumCents === 0 ? 'success' : 'danger'}>
                          {t('adminLedger.sum')}: {formatUsd(transfer.sumCents, locale)} ·{' '}
                          {transfer.sumCents === 0 ? t('adminLedger.balanced') : t('adminLedger.unbalanced')}
                        </Badge>
                      </div>
                      <MemoText memo={transfer.memo} />
                      <DataTable
                        className="mt-3"
                        caption={`${t(`adminLedger.nature.${transfer.nature}`)} · ${formatDate(transfer.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}`}
                        columns={entryColumns}
                        rows={transfer.entries}
                        rowKey={(entry) => String(entry.id)}
                      />
                    </li>
                  ))}
                </ol>
              )}
              <LoadMore list={ledger} />
            </>
          )
        }
      </QueryState>
    </InnerPage>
  );
}
