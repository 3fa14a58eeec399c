import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** A rejection with its required reason (spec §5: an empty reason is refused). */
export function RejectWithReason({
  label,
  onReject,
  isPending,
}: {
  label: string;
  onReject: (reason: string) => Promise<unknown>;
  isPending: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setError(t('adminKyc.reasonRequired'));
    setError(null);
    try {
      await onReject(reason.trim());
      setIsOpen(false);
      setReason('');
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t('errors.INTERNAL_ERROR'));
    }
  }

  if (!isOpen) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        {label}
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="w-full space-y-2" noValidate>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('adminKyc.reason')}
      </label>
      <textarea
        id={id}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={2}
        maxLength={500}
        placeholder={t('adminKyc.reasonPlaceholder')}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isPending}>
          {t('adminKyc.confirmReject')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setIsOpen(false)}>
          {t('adminKyc.cancel')}
        </Button>
      </div>
    </form>
  );
}
