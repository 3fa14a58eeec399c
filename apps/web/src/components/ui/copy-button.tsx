import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * Copies a value the user must type elsewhere (a payment reference, an account number) and says
 * "Copiado" for two seconds. `label` names what is copied for screen readers ("Copiar la referencia").
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={label}
      data-copied={isCopied}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setIsCopied(true),
          () => setIsCopied(false),
        );
      }}
    >
      <span aria-live="polite">{isCopied ? t('participate.copied') : t('participate.copy')}</span>
    </Button>
  );
}
