import { type SpecSheetSummary } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/**
 * A deal's specification as far as it is known: the seller's line, else the uploaded sheet's version
 * and date (never "to be confirmed" beside a sheet one can download), else "to be confirmed".
 */
export function SpecificationSummary({ text, sheet }: { text: string | null; sheet: SpecSheetSummary | null }) {
  const { t, i18n } = useTranslation();
  if (text) return <>{text}</>;
  if (sheet) {
    return (
      <>
        {t('detail.specSheetSummary', {
          version: sheet.version,
          date: formatDate(sheet.updatedAt, i18n.language, { dateStyle: 'long' }),
        })}
      </>
    );
  }
  return <>{t('featured.notSet')}</>;
}
