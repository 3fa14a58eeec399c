import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/class-names';
import { useSetOperationRoomNotifications } from '../api/operation-room';
import { Alert } from '../../../components/ui/alert';

/** The waiting page's notifications switch for the caller's orders in this operation. */
export function NotificationsToggle({ operationId, enabled }: { operationId: string; enabled: boolean }) {
  const { t } = useTranslation();
  const mutation = useSetOperationRoomNotifications(operationId);
  const labelId = useId();
  const hintId = useId();
  const shown = mutation.isPending && mutation.variables !== undefined ? mutation.variables : enabled;
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={labelId} className="text-sm font-semibold text-brand-900">
          {t('operationRoom.notificationsToggle.label')}
        </p>
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {t('operationRoom.notificationsToggle.hint')}
        </p>
        {mutation.isError && <Alert className="mt-1">{t('operationRoom.notificationsToggle.error')}</Alert>}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={shown}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data-testid="notifications-toggle"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(!enabled)}
        className={cx(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-70',
          shown ? 'bg-accent-700' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            shown ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}
