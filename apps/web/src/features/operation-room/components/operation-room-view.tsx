import { type OperationRoomResponse, hasReached, isTerminalStatus } from '@tradeops/shared';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { formatDeadline, formatNumber, formatUsdAmount } from '../../../lib/format';
import { useRealtimeStatus } from '../../../lib/realtime';
import { useOperationRoom } from '../api/operation-room';
import { useOperationRoomLive } from '../hooks/use-operation-room-live';
import { OperationRoomTimeline } from './operation-room-timeline';
import { DisputePanel } from './dispute-panel';
import { MessageThread } from './message-thread';
import { NotificationsToggle } from './notifications-toggle';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { OperationNotFoundPanel } from '../../../components/ui/not-found-panel';

function LiveIndicator() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const isLive = status === 'open';
  return (
    <span
      role="status"
      data-testid="live-indicator"
      data-live={isLive}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        isLive ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800',
      )}
    >
      <span aria-hidden="true" className={cx('size-2 rounded-full', isLive ? 'bg-emerald-500' : 'bg-amber-500')} />
      {isLive ? t('operationRoom.live.connected') : t('operationRoom.live.reconnecting')}
    </span>
  );
}

function AllocationCard({ room }: { room: OperationRoomResponse }) {
  const { t, i18n } = useTranslation();
  const { operation } = room;
  const value = t('operationRoom.progress.value', {
    allocated: formatNumber(operation.allocatedTons, i18n.language),
    total: formatNumber(operation.totalTons, i18n.language),
  });
  return (
    <section
      aria-labelledby="operation-room-allocation"
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="operation-room-allocation" className="text-lg font-semibold text-brand-900">
        {t('operationRoom.progress.title')}
      </h2>
      <p className="mt-3 text-2xl font-bold text-brand-900" data-testid="operation-room-allocated">
        {value}
      </p>
      <ProgressBar
        className="mt-3 h-3"
        value={operation.allocatedTons}
        max={operation.totalTons}
        label={t('operationRoom.progress.label')}
        valueText={value}
      />
      <div className="mt-3 flex flex-wrap justify-between gap-2 text-sm text-slate-600">
        <span data-testid="operation-room-participants">
          {t('operationRoom.progress.participants', { count: operation.participants })}
        </span>
        <span>{t('operationRoom.progress.available', { count: operation.availableTons })}</span>
      </div>
    </section>
  );
}

/**
 * What the deal still needs before its shipment can be prepared, computed by the server: tons to
 * reserve before the deadline, reserved tons not paid yet, and the viewer's own unpaid share.
 */
export function OutstandingCard({ room }: { room: OperationRoomResponse }) {
  const { t, i18n } = useTranslation();
  const { outstanding } = room;
  const language = i18n.language;
  const money = (cents: number) => formatUsdAmount(cents / 100, language);
  const isOwedNothing = outstanding.openTons === 0 && outstanding.unpaidTons === 0;
  const lines: { key: string; text: string }[] = [];
  if (outstanding.openTons > 0) {
    const tons = formatNumber(outstanding.openTons, language);
    lines.push({
      key: 'open',
      text: outstanding.fillBy
        ? t('dealStatus.openTonsBy', { tons, date: formatDeadline(outstanding.fillBy, language) })
        : t('dealStatus.openTons', { tons }),
    });
  }
  if (outstanding.unpaidTons > 0) {
    const params = {
      tons: formatNumber(outstanding.unpaidTons, language),
      amount: money(outstanding.unpaidAmountCents),
    };
    lines.push({
      key: 'unpaid',
      text: outstanding.nextHoldExpiry
        ? t('dealStatus.unpaidBy', { ...params, date: formatDeadline(outstanding.nextHoldExpiry, language) })
        : t('dealStatus.unpaid', params),
    });
  }
  const mine = outstanding.mine;
  const isMinePaid = room.order?.paymentStatus === 'confirmed' && room.order.status === 'active';
  return (
    <section
      aria-labelledby="operation-room-outstanding"
      data-testid="deal-outstanding"
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="operation-room-outstanding" className="text-lg font-semibold text-brand-900">
        {t('dealStatus.title')}
      </h2>
      {isOwedNothing ? (
        <p className="mt-3 text-sm text-slate-700">{t('dealStatus.nothing')}</p>
      ) : (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {lines.map((line) => (
            <li key={line.key} data-testid={`deal-outstanding-${line.key}`}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
      {mine ? (
        <div className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="deal-outstanding-mine">
          <p>
            {mine.expiresAt
              ? t('dealStatus.mine', {
                  tons: formatNumber(mine.unpaidTons, language),
                  amount: money(mine.unpaidAmountCents),
                  date: formatDeadline(mine.expiresAt, language),
                })
              : t('dealStatus.mineNoDate', {
                  tons: formatNumber(mine.unpaidTons, language),
                  amount: money(mine.unpaidAmountCents),
                })}
          </p>
          <ButtonLink
            to={`/operation/${encodeURIComponent(room.operation.id)}/participate`}
            size="sm"
            variant="secondary"
            className="mt-2"
          >
            {t('dealStatus.payNow')}
          </ButtonLink>
        </div>
      ) : (
        isMinePaid && !isOwedNothing && <p className="mt-4 text-sm text-emerald-800">{t('dealStatus.mineDone')}</p>
      )}
    </section>
  );
}

function OrderCard({ room }: { room: OperationRoomResponse }) {
  const { t, i18n } = useTranslation();
  const order = room.order;
  return (
    <section aria-labelledby="operation-room-order" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="operation-room-order" className="text-lg font-semibold text-brand-900">
        {t('operationRoom.order.title')}
      </h2>
      {order ? (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <div>
              <dt className="text-slate-500">{t('operationRoom.order.volume')}</dt>
              <dd className="font-semibold text-brand-900">{t('common.tons', { count: order.volume })}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('operationRoom.order.amount')}</dt>
              <dd className="font-semibold text-brand-900">
                {formatUsdAmount(order.amountCents / 100, i18n.language)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('operationRoom.order.paymentStatus')}</dt>
              <dd className="font-semibold text-brand-900" data-testid="operation-room-payment-status">
                {t(`operationRoom.order.paymentStatuses.${order.paymentStatus}`)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('operationRoom.order.escrow')}</dt>
              <dd className="font-semibold text-brand-900">
                {t(`operationRoom.order.escrowStates.${order.escrowState}`)}
              </dd>
            </div>
          </dl>
          <div className="mt-5 border-t border-slate-100 pt-4">
            <NotificationsToggle operationId={room.operation.id} enabled={order.notificationsEnabled} />
          </div>
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {room.viewerRole === 'seller'
            ? t('operationRoom.order.viewerSeller')
            : room.viewerRole === 'admin'
              ? t('operationRoom.order.viewerAdmin')
              : t('operationRoom.order.none')}
        </p>
      )}
    </section>
  );
}

function OperationRoomSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="space-y-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

export function WaitingHeading() {
  const { t } = useTranslation();
  return <PageHeader variant="plain" title={t('pages.operationWaiting')} className="mb-6" />;
}

/**
 * Someone who is not in this deal (never ordered, or their unpaid order ended): told so, and sent to
 * the operation's page, where they can order. Retrying would be refused again.
 */
function OperationRoomNoAccess({ operationId }: { operationId: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-950">
      <p className="font-semibold">{t('wrongLinks.notParticipant')}</p>
      <p className="mt-1">{t('operationRoom.noAccess')}</p>
      <ButtonLink to={`/operation/${encodeURIComponent(operationId)}`} variant="secondary" size="sm" className="mt-4">
        {t('operationRoom.backToOperation')}
      </ButtonLink>
    </div>
  );
}

interface OperationRoomViewProps {
  operationId: string;
  /** Shown above the room (the demo page's explanation). */
  intro?: ReactNode;
  /** Draws a refusal the page explains itself (the demo: who may see it); nothing for the standard one. */
  renderRefusal?: (error: Error) => ReactNode;
  /** The deal's documents (composed by the page), shown below the timeline once the deal is full. */
  documents?: ReactNode;
}

/**
 * The live operation room (the waiting page): allocation and timeline, the caller's
 * order with its notifications toggle, and the message thread, refreshed by
 * Server-Sent Events without a reload.
 */
export function OperationRoomView({ operationId, intro, renderRefusal, documents }: OperationRoomViewProps) {
  const { t } = useTranslation();
  const room = useOperationRoom(operationId);
  useOperationRoomLive(operationId);
  // Refused (403): the caller's access ended (an unpaid order cancelled or expired), even if the room was shown before.
  const isRefused = room.isError && isApiError(room.error) && room.error.status === 403;
  // A malformed id (400) or an unknown operation (404) will not appear on a retry.
  const isUnknown = room.isError && isApiError(room.error) && (room.error.status === 400 || room.error.status === 404);
  const data = isRefused ? undefined : room.data;

  return (
    <div className="flex-1 bg-slate-50 py-8 sm:py-12">
      <Container className="max-w-5xl">
        {intro}
        {/* Until the operation's title is known, the page's heading is its name. */}
        {!data && !isUnknown && <WaitingHeading />}
        <QueryState
          // A failed refresh keeps the room on screen; a refusal (the caller's access ended) does not.
          query={{ data, isError: room.isError && !data, error: room.error, refetch: room.refetch }}
          failure={t('operationRoom.loadError')}
          refusal={(error) => renderRefusal?.(error) || refusalOf(error, operationId)}
          skeleton={<OperationRoomSkeleton />}
        >
          {(loaded) => <OperationRoomBody room={loaded} operationId={operationId} documents={documents} />}
        </QueryState>
      </Container>
    </div>
  );
}

/** A refusal no retry changes: not in this deal (403), or no such operation (a malformed id, 400; unknown, 404). */
function refusalOf(error: Error, operationId: string): ReactNode {
  if (!isApiError(error)) return undefined;
  if (error.status === 403) return <OperationRoomNoAccess operationId={operationId} />;
  if (error.status === 400 || error.status === 404) return <OperationNotFoundPanel />;
  return undefined;
}

function OperationRoomBody({
  room: data,
  operationId,
  documents,
}: {
  room: OperationRoomResponse;
  operationId: string;
  documents: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{t('operationRoom.eyebrow')}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-brand-900 sm:text-3xl">
            {data.operation.title}
          </h1>
          <p className="mt-1 text-slate-600">
            {t('operationRoom.route', {
              origin: t(`countries.${data.operation.originCountry}`, {
                defaultValue: data.operation.originCountry,
              }),
              destination: t(`countries.${data.operation.destinationCountry}`, {
                defaultValue: data.operation.destinationCountry,
              }),
            })}
            {' · '}
            {t(`operationStatus.${data.operation.status}`)}
          </p>
        </div>
        <LiveIndicator />
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="space-y-6">
          <AllocationCard room={data} />
          <DisputePanel room={data} />
          {hasReached(data.operation.status, 'active') && !isTerminalStatus(data.operation.status) && (
            <OutstandingCard room={data} />
          )}
          <OperationRoomTimeline room={data} />
          {hasReached(data.operation.status, 'allocated') && documents}
        </div>
        <div className="space-y-6">
          <OrderCard room={data} />
          <MessageThread operationId={operationId} />
        </div>
      </div>
      <div className="mt-8">
        <ButtonLink to={`/operation/${encodeURIComponent(operationId)}`} variant="ghost" size="sm">
          {t('operationRoom.backToOperation')}
        </ButtonLink>
      </div>
    </>
  );
}
