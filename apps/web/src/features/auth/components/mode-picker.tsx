import { type UserMode } from '@tradeops/shared';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { landingPathForMode, saveUserMode } from '../../../lib/user-mode';
import { useSession } from '../../../lib/session';
import { cx } from '../../../lib/class-names';
import { useSelectMode } from '../api/select-mode';
import { Alert } from '../../../components/ui/alert';
import { Dialog } from '../../../components/ui/dialog';

async function celebrate(): Promise<void> {
  // Loaded only when someone picks source mode; a missing canvas (tests, old browsers) is no reason to fail.
  try {
    const { default: confetti } = await import('canvas-confetti');
    // The default cannon draws in a blob: worker, which our CSP (worker-src falls back to
    // script-src 'self') refuses: draw on the main thread instead, on a canvas of its own.
    const fire = confetti.create(undefined, { useWorker: false, resize: true, disableForReducedMotion: true });
    await fire({ particleCount: 120, spread: 75, origin: { y: 0.6 } });
  } catch {
    // The choice is saved either way.
  }
}

/**
 * Source Mode (buyer) or Supply Mode (seller): saved in localStorage
 * (`user-mode-storage`) and, for a signed-in user, as the role on the server.
 */
export function ModePicker({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const selectMode = useSelectMode();
  const [error, setError] = useState<string | null>(null);

  async function choose(mode: UserMode) {
    setError(null);
    try {
      if (user) await selectMode.mutateAsync(mode);
    } catch {
      setError(t('modes.error'));
      return;
    }
    saveUserMode(mode);
    if (mode === 'source') void celebrate();
    onChosen?.();
    void navigate(landingPathForMode({ mode, hasChosenMode: true }) ?? '/source-landing');
  }

  const options: { mode: UserMode; title: string; text: string }[] = [
    { mode: 'source', title: t('modes.sourceTitle'), text: t('modes.sourceText') },
    { mode: 'supply', title: t('modes.supplyTitle'), text: t('modes.supplyText') },
  ];

  return (
    <div className="space-y-4">
      {error && <Alert>{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {options.map((option) => (
          <button
            key={option.mode}
            type="button"
            disabled={selectMode.isPending}
            onClick={() => void choose(option.mode)}
            className={cx(
              'flex flex-col items-start rounded-2xl border-2 border-slate-200 bg-white p-6 text-left shadow-sm transition-colors',
              'hover:border-accent-600 focus-visible:border-accent-600 disabled:opacity-60',
            )}
          >
            <span className="text-lg font-bold text-brand-900">{option.title}</span>
            <span className="mt-2 text-sm text-slate-600">{option.text}</span>
          </button>
        ))}
      </div>
      {selectMode.isPending && <p className="text-sm text-slate-500">{t('modes.saving')}</p>}
    </div>
  );
}

/** The mode picker as a modal dialog (opened from the account menu): focus stays inside until it closes. */
export function ModePickerDialog({
  open,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('modes.pickerTitle')}
      closeLabel={t('modes.close')}
      returnFocusRef={returnFocusRef}
    >
      <ModePicker onChosen={onClose} />
    </Dialog>
  );
}
