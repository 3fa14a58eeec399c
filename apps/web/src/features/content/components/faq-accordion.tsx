import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/class-names';

/** The FAQ's items, in order; their text is in the catalogs under faq.items.<key>. */
export const FAQ_ITEMS = ['what', 'payment', 'kyc', 'minimum', 'incomplete', 'tracking'] as const;

/**
 * One item open at a time (spec §2). Each question is a button in a heading
 * with aria-expanded and aria-controls, so it works by keyboard and reads well.
 */
export function FaqAccordion() {
  const { t } = useTranslation();
  const id = useId();
  const [openItem, setOpenItem] = useState<(typeof FAQ_ITEMS)[number] | null>(FAQ_ITEMS[0]);

  return (
    <section aria-labelledby={`${id}-title`} className="bg-white py-16 sm:py-20">
      <div className="mx-auto w-full max-w-3xl px-4 sm:px-6">
        <h2 id={`${id}-title`} className="text-center text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          {t('faq.title')}
        </h2>
        <p className="mt-3 text-center text-slate-600">{t('faq.subtitle')}</p>
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {FAQ_ITEMS.map((item) => {
            const isOpen = openItem === item;
            const buttonId = `${id}-${item}-button`;
            const panelId = `${id}-${item}-panel`;
            return (
              <div key={item} data-testid="faq-item" data-open={isOpen}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => setOpenItem(isOpen ? null : item)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-brand-900 hover:bg-slate-50"
                  >
                    {t(`faq.items.${item}.q`)}
                    <ChevronDownIcon
                      className={cx('size-5 shrink-0 text-slate-500 transition-transform', isOpen && 'rotate-180')}
                    />
                  </button>
                </h3>
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!isOpen}
                  className="px-5 pb-5 text-slate-700"
                >
                  <p>{t(`faq.items.${item}.a`)}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
