import { LANGUAGES, type Language } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names';
import { currentLanguage, setLanguage } from '../../lib/i18n';

const NAMES: Record<Language, string> = { es: 'Español', en: 'English' };

/** ES | EN toggle; the tooltip names each language in itself, so it is recognisable whatever the current one. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();

  return (
    <div
      role="group"
      aria-label={t('nav.switchLanguage')}
      className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-0.5"
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          title={NAMES[language]}
          aria-pressed={language === active}
          onClick={() => {
            setLanguage(language).catch((error: unknown) =>
              console.warn(`[i18n] could not switch to ${language}`, error),
            );
          }}
          className={cx(
            'h-8 min-w-10 rounded-md px-2 text-xs font-bold tracking-wide transition-colors',
            language === active
              ? 'bg-white text-brand-900 shadow-sm ring-1 ring-slate-200'
              : 'text-slate-600 hover:text-brand-900',
          )}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
