import {
  type HeadTranslate,
  type Language,
  type OperationDetail,
  type OperationListItem,
  normalizePagePath,
  operationPageMeta,
} from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { daysUntil, formatUsdAmount } from '../../../lib/format';
import { countryName } from '../../../lib/i18n';
import { usePageHead } from '../../../lib/page-head';

/**
 * The head of an operation's page, from its data, with the shared head system's `operationPageMeta`:
 * the head the server writes for link previews and search engines. A signed-in visitor's page has
 * the deal's detail, anyone else's its public facts: the same figures either way.
 */
export function useOperationPageHead(
  operation:
    | Pick<
        OperationDetail | OperationListItem,
        | 'id'
        | 'title'
        | 'originCountry'
        | 'destinationCountry'
        | 'availableTons'
        | 'totalTons'
        | 'priceUsd'
        | 'deadline'
      >
    | undefined,
): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  let head = null;
  if (operation) {
    const days = operation.deadline ? daysUntil(operation.deadline) : null;
    const deadline =
      days === null
        ? t('seo.deadline.none')
        : days <= 0
          ? t('seo.deadline.closed')
          : t('seo.deadline.daysLeft', { count: days });
    head = operationPageMeta(
      {
        id: operation.id,
        title: operation.title,
        origin: countryName(t, operation.originCountry),
        destination: countryName(t, operation.destinationCountry),
        availableTons: operation.availableTons,
        totalTons: operation.totalTons,
        price: formatUsdAmount(operation.priceUsd, language),
        deadline,
      },
      normalizePagePath(pathname),
      language,
      t as unknown as HeadTranslate,
    );
  }
  usePageHead(head);
}
