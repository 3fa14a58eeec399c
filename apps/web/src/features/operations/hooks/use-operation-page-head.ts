import { type OperationDetail } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { daysUntil, formatUsdAmount } from '../../../lib/format';
import { countryName } from '../../../lib/i18n';
import { usePageHead } from '../../../lib/page-head';

/**
 * The tab title and description of an operation's page, from its data: the same `seo.operation`
 * texts the server writes into the page's head for link previews and search engines.
 */
export function useOperationPageHead(operation: OperationDetail | undefined): void {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  let head = null;
  if (operation) {
    const origin = countryName(t, operation.origin_country);
    const destination = countryName(t, operation.destination_country);
    const days = operation.deadline ? daysUntil(operation.deadline) : null;
    const deadline =
      days === null
        ? t('seo.deadline.none')
        : days <= 0
          ? t('seo.deadline.closed')
          : t('seo.deadline.daysLeft', { count: days });
    head = {
      title: t('seo.operation.title', { title: operation.title, origin, destination }),
      description: t('seo.operation.description', {
        available: operation.available_tons,
        total: operation.total_tons,
        price: formatUsdAmount(operation.price_usd, language),
        deadline,
      }),
    };
  }
  usePageHead(head);
}
