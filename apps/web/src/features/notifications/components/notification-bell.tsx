import { type Notification } from '@tradeops/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/class-names';
import { formatCalendarDate, formatDate, formatNumber } from '../../../lib/format';
import { useRealtimeInvalidation, useRealtimeStatus } from '../../../lib/realtime';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications';
import { Popover } from '../../../components/ui/popover';
import { QueryState } from '../../../components/ui/query-state';
import { notificationKeys } from '../api/keys';
import { type NotificationGroup, groupNotifications } from './notification-groups';

const LIVE_BINDINGS = [{ kinds: ['notification'], queryKey: notificationKeys.all }] as const;

/** Where a notification leads: the operation room for a buyer's orders, the operation page for a seller's deal. */
export function notificationLink(notification: Pick<Notification, 'type' | 'operationId'>): string | null {
  if (!notification.operationId) return null;
  const id = encodeURIComponent(notification.operationId);
  return notification.type.startsWith('operation.') ? `/operation/${id}` : `/operation/${id}/waiting`;
}

/**
 * The notification's sentence: the catalog's `notifications.types.<type>` with its data, in the
 * viewer's language (a step's date, stored as YYYY-MM-DD, is written as people read it).
 */
export function useNotificationText() {
  const { t, i18n } = useTranslation();
  return (notification: Pick<Notification, 'type' | 'data'>) => {
    const data = notification.data;
    const documentType = typeof data.documentType === 'string' ? data.documentType : null;
    return t(`notifications.types.${notification.type}`, {
      ...data,
      ...(typeof data.date === 'string' ? { date: formatCalendarDate(data.date, i18n.language) } : {}),
      documentTypeName: documentType ? t(`kyc.documentTypes.${documentType}`, { defaultValue: documentType }) : '',
      documentName:
        typeof data.document === 'string'
          ? t(`tradeDocuments.kinds.${data.document}`, { defaultValue: data.document })
          : '',
      defaultValue: t('notifications.fallback'),
    });
  };
}

/** The navbar's bell (signed-in users): the unread count, live, and a panel listing the notifications. */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const headingId = useId();
  useRealtimeInvalidation(LIVE_BINDINGS);
  const unread = useUnreadCount(true);
  const list = useNotifications(isOpen);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const count = unread.data?.unreadCount ?? 0;
  const isLive = useRealtimeStatus() === 'open';

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const groups = groupNotifications(items);
  const close = () => setIsOpen(false);

  return (
    <div className="relative">
      <Popover
        open={isOpen}
        onOpenChange={setIsOpen}
        label={t('notifications.title')}
        className="max-h-[70dvh] w-[calc(100vw-1rem)] overflow-y-auto sm:w-96"
        trigger={
          <button
            type="button"
            aria-label={count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
            data-testid="notification-bell"
            data-live={isLive}
            className="relative inline-flex size-9 items-center justify-center rounded-lg border border-slate-200 text-brand-900 hover:bg-slate-50"
          >
            <BellIcon className="size-5" />
            {count > 0 && (
              <span
                aria-hidden="true"
                data-testid="notification-count"
                className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] font-bold text-white"
              >
                {count > 99 ? '99+' : count}
              </span>
            )}
          </button>
        }
      >
        <div role="region" aria-labelledby={headingId}>
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 id={headingId} className="text-sm font-semibold text-brand-900">
              {t('notifications.title')}
            </h2>
            {count > 0 && (
              <button
                type="button"
                className="rounded-md px-2 py-1 text-xs font-semibold text-accent-800 hover:bg-accent-50 disabled:opacity-60"
                disabled={markAll.isPending}
                onClick={() => markAll.mutate()}
              >
                {t('notifications.markAllRead')}
              </button>
            )}
          </div>
          <QueryState
            query={{ ...list, data: list.data ? groups : undefined }}
            failure={t('notifications.loadError')}
            className="m-3"
            skeleton={<p className="px-4 py-6 text-sm text-slate-500">{t('common.loading')}</p>}
            isEmpty={(loaded) => loaded.length === 0}
            empty={t('notifications.empty')}
          >
            {(loaded) => (
              <>
                <ul className="divide-y divide-slate-100">
                  {loaded.map((group) => (
                    <NotificationGroupItem
                      key={group.items[0]!.id}
                      group={group}
                      onRead={(ids) => {
                        for (const id of ids) markRead.mutate(id);
                      }}
                      onNavigate={close}
                    />
                  ))}
                </ul>
                <p className="border-t border-slate-100 px-4 py-2 text-center text-xs text-slate-500">
                  {t('common.paging.shown', {
                    shown: formatNumber(items.length, i18n.language),
                    total: formatNumber(list.data?.pages.at(-1)?.total ?? items.length, i18n.language),
                  })}
                </p>
              </>
            )}
          </QueryState>
          {list.hasNextPage && (
            <div className="border-t border-slate-100 p-2">
              <button
                type="button"
                className="w-full rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-slate-50"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('notifications.loadMore')}
              </button>
            </div>
          )}
        </div>
      </Popover>
      {/* Announces a new arrival to screen readers without moving focus. */}
      <span className="sr-only" aria-live="polite">
        {count > 0 ? t('notifications.bellUnread', { count }) : ''}
      </span>
    </div>
  );
}

/**
 * One deal's notifications as one entry: the latest in full, then how many there are and how many
 * unread, with the earlier ones behind a toggle. Reading the latest (or opening the deal) reads the
 * group: its news are all about the one deal the user is going to look at.
 */
function NotificationGroupItem({
  group,
  onRead,
  onNavigate,
}: {
  group: NotificationGroup;
  onRead: (ids: string[]) => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = useId();
  const [latest, ...earlier] = group.items;
  const unread = group.unreadIds.length;
  return (
    <li
      className={cx('px-4 py-3', unread > 0 && 'bg-accent-50/40')}
      data-testid="notification-group"
      data-count={group.items.length}
    >
      <NotificationEntry notification={latest!} readIds={group.unreadIds} onRead={onRead} onNavigate={onNavigate} />
      {earlier.length > 0 && (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>
              {t('notifications.groups.count', { count: group.items.length })}
              {unread > 0 && ` · ${t('notifications.groups.unread', { count: unread })}`}
            </span>
            <button
              type="button"
              aria-expanded={isExpanded}
              aria-controls={listId}
              className="font-semibold text-brand-800 underline-offset-2 hover:underline"
              onClick={() => setIsExpanded((value) => !value)}
            >
              {isExpanded
                ? t('notifications.groups.hide')
                : t('notifications.groups.show', { count: group.items.length })}
            </button>
          </div>
          {isExpanded && (
            <ul id={listId} className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
              {earlier.map((notification) => (
                <li key={notification.id}>
                  <NotificationEntry
                    notification={notification}
                    readIds={notification.readAt === null ? [notification.id] : []}
                    onRead={onRead}
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </li>
  );
}

/** A notification's sentence, its time, the way to its deal and "mark read" (for `readIds`). */
function NotificationEntry({
  notification,
  readIds,
  onRead,
  onNavigate,
}: {
  notification: Notification;
  readIds: string[];
  onRead: (ids: string[]) => void;
  onNavigate: () => void;
}) {
  const { t, i18n } = useTranslation();
  const textOf = useNotificationText();
  const isUnread = notification.readAt === null;
  const link = notificationLink(notification);
  return (
    <>
      <p className="text-sm text-slate-800">
        {isUnread && <span className="sr-only">{t('notifications.unread')}: </span>}
        {textOf(notification)}
      </p>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <time dateTime={notification.createdAt} className="text-slate-500">
          {formatDate(notification.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
        {link && (
          <Link
            to={link}
            className="font-semibold text-accent-800 underline-offset-2 hover:underline"
            onClick={() => {
              if (readIds.length > 0) onRead(readIds);
              onNavigate();
            }}
          >
            {t('notifications.viewOperation')}
          </Link>
        )}
        {readIds.length > 0 && (
          <button
            type="button"
            className="font-semibold text-slate-600 underline-offset-2 hover:underline"
            onClick={() => onRead(readIds)}
          >
            {t('notifications.markRead')}
          </button>
        )}
      </div>
    </>
  );
}
