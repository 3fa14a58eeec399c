import { DEFAULT_LANGUAGE, LANGUAGE_QUERY_PARAM, LANGUAGES, type Language } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ToggleGroup } from '../../components/ui/toggle-group';
import { cx } from '../../lib/class-names';
import { currentLanguage, setLanguage } from '../../lib/i18n';

const NAMES: Record<Language, string> = { es: 'Español', en: 'English' };

/** ES | EN toggle; the tooltip names each language in itself, so it is recognisable whatever the current one. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();
  const location = useLocation();
  const navigate = useNavigate();

  /** An address that names a language (`?lang=en`) follows the choice, so it never contradicts the page. */
  function followInAddress(language: Language) {
    const params = new URLSearchParams(location.search);
    if (!params.has(LANGUAGE_QUERY_PARAM)) return;
    if (language === DEFAULT_LANGUAGE) params.delete(LANGUAGE_QUERY_PARAM);
    else params.set(LANGUAGE_QUERY_PARAM, language);
    const search = params.toString();
    void navigate({ search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }

  return (
    <ToggleGroup
      label={t('nav.switchLanguage')}
      options={LANGUAGES.map((language) => ({
        value: language,
        label: language.toUpperCase(),
        lang: language,
        title: NAMES[language],
      }))}
      value={active}
      onChange={(language) => {
        followInAddress(language);
        setLanguage(language).catch((error: unknown) => console.warn(`[i18n] could not switch to ${language}`, error));
      }}
      className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-0.5"
      optionClassName={(pressed) =>
        cx(
          'h-8 min-w-10 rounded-md px-2 text-xs font-bold tracking-wide transition-colors',
          pressed ? 'bg-white text-brand-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-brand-900',
        )
      }
    />
  );
}
