import {
  MESSAGE_MAX_LENGTH,
  type OperationRoomMessage,
  type PostMessageRequest,
  ZPostMessageRequest,
} from '@tradeops/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { NextPageButton } from '../../../components/ui/load-more';
import { Form, FormRootAlert, inputClasses, setFormError, useZodForm } from '../../../components/ui/form';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { formatDate, formatNumber } from '../../../lib/format';
import { useOperationRoomMessages, usePostOperationRoomMessage } from '../api/operation-room';
import { Alert } from '../../../components/ui/alert';
import { QueryState } from '../../../components/ui/query-state';

function AuthorLabel({ message }: { message: OperationRoomMessage }) {
  const { t } = useTranslation();
  if (message.isMine) return <>{t('operationRoom.messages.you')}</>;
  if (message.authorRole === 'platform') return <>{t('operationRoom.messages.platform')}</>;
  if (message.authorRole === 'seller')
    return (
      <>
        {message.authorName} · {t('operationRoom.messages.seller')}
      </>
    );
  return <>{message.authorName}</>;
}

/**
 * The operation room's thread: the latest messages, newest at the bottom, earlier ones on request ("Load
 * earlier messages", a page at a time), how many of how many are shown, and a form to post; new ones
 * arrive live.
 */
export function MessageThread({ operationId }: { operationId: string }) {
  const { t, i18n } = useTranslation();
  const messages = useOperationRoomMessages(operationId);
  const post = usePostOperationRoomMessage(operationId);
  const form = useZodForm(ZPostMessageRequest, { defaultValues: { body: '' } });
  const body = form.watch('body') ?? '';
  const inputId = useId();
  const counterId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  // The API sends newest first; a chat reads oldest first.
  const items = [...messages.items].reverse();
  const newestId = items.at(-1)?.id;
  const isTooLong = body.length > MESSAGE_MAX_LENGTH;

  // To the bottom when a newer message arrives, not when earlier ones are loaded above.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  const submit = ({ body: text }: PostMessageRequest) => {
    if (isTooLong) return;
    post.mutate(
      { body: text },
      {
        onSuccess: () => form.reset({ body: '' }),
        onError: (cause) =>
          setFormError(
            form,
            isApiError(cause) && cause.code === 'RATE_LIMITED' ? cause.message : t('operationRoom.messages.error'),
          ),
      },
    );
  };

  return (
    <section
      aria-labelledby="operation-room-messages"
      className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="operation-room-messages" className="text-lg font-semibold text-brand-900">
        {t('operationRoom.messages.title')}
      </h2>
      <div className="mt-3">
        <QueryState
          query={messages}
          failure={t('operationRoom.messages.loadError')}
          skeletonClassName="h-24 w-full rounded-xl"
          isEmpty={(page) => page.items.length === 0}
          empty={t('operationRoom.messages.empty')}
        >
          {() => (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
                <p>
                  {t('common.paging.shown', {
                    shown: formatNumber(items.length, i18n.language),
                    total: formatNumber(messages.total, i18n.language),
                  })}
                </p>
                <NextPageButton
                  list={messages}
                  size="sm"
                  label={t('operationRoom.messages.loadEarlier')}
                  loadingLabel={t('common.paging.loadingMore')}
                />
              </div>
              {messages.isFetchNextPageError && <Alert className="mt-3">{t('common.paging.loadMoreError')}</Alert>}
              <ol
                ref={listRef}
                aria-live="polite"
                aria-relevant="additions"
                data-testid="operation-room-messages"
                className="mt-4 max-h-96 space-y-3 overflow-y-auto pr-1"
              >
                {items.map((message) => (
                  <MessageItem key={message.id} message={message} />
                ))}
              </ol>
            </>
          )}
        </QueryState>
      </div>
      <Form form={form} onSubmit={submit} hasRootAlert={false} className="mt-4">
        <label htmlFor={inputId} className="text-sm font-medium text-brand-900">
          {t('operationRoom.messages.label')}
        </label>
        <textarea
          id={inputId}
          {...form.register('body')}
          rows={3}
          aria-describedby={counterId}
          aria-invalid={isTooLong || undefined}
          placeholder={t('operationRoom.messages.placeholder')}
          className={cx('mt-1', inputClasses(isTooLong))}
        />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p id={counterId} className={cx('text-xs', isTooLong ? 'text-rose-700' : 'text-slate-500')}>
            {isTooLong
              ? t('operationRoom.messages.tooLong')
              : t('operationRoom.messages.counter', { count: body.length, max: MESSAGE_MAX_LENGTH })}
          </p>
          <Button type="submit" size="sm" disabled={post.isPending || !body.trim() || isTooLong}>
            {post.isPending ? t('operationRoom.messages.sending') : t('operationRoom.messages.send')}
          </Button>
        </div>
        <FormRootAlert className="mt-2" />
      </Form>
    </section>
  );
}

/** One message: the caller's on the right, the platform's tinted, with its author and time. */
function MessageItem({ message }: { message: OperationRoomMessage }) {
  const { i18n } = useTranslation();
  return (
    <li className={cx('flex', message.isMine ? 'justify-end' : 'justify-start')}>
      <div
        className={cx(
          'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm',
          message.isMine && 'bg-accent-700 text-white',
          !message.isMine && message.authorRole === 'platform' && 'bg-brand-50 text-brand-900',
          !message.isMine && message.authorRole !== 'platform' && 'bg-slate-100 text-slate-800',
        )}
      >
        <p className={cx('text-xs font-semibold', message.isMine ? 'text-white/85' : 'text-slate-600')}>
          <AuthorLabel message={message} /> ·{' '}
          <time dateTime={message.createdAt}>
            {formatDate(message.createdAt, i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
          </time>
        </p>
        <p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
      </div>
    </li>
  );
}
