import {
  type ChecklistTemplate,
  INCOTERMS,
  PRODUCT_CATEGORIES,
  type ProductCategory,
  TRADE_DOCUMENT_GATES,
  TRADE_DOCUMENT_KINDS,
  TRADE_DOCUMENT_UPLOADERS,
  defaultChecklist,
  type TradeDocumentGate,
  type TradeDocumentKind,
  type TradeDocumentUploader,
} from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { isApiError } from '../../../lib/api-client';
import { useChecklistTemplates, useSaveChecklistTemplates } from '../api/settings';
import { Problem, Saved, SettingsSection, settingsInput } from './section';

const ANY_INCOTERM = '';

function templateKey(template: Pick<ChecklistTemplate, 'commodity' | 'incoterm'>): string {
  return `${template.commodity}/${template.incoterm ?? ANY_INCOTERM}`;
}

/**
 * The document checklist templates (issue 28, item 3): per commodity, for any Incoterm or for one,
 * which documents a deal needs, who uploads each and which step it gates. The editor lists the
 * saved templates; a commodity and Incoterm without one keeps the built-in default (which depends
 * on the Incoterm: the B/L by sea, the insurance certificate when the seller insures), and a new
 * template starts from that default. "Restore defaults" saves an empty list.
 */
export function DocumentChecklistSettings() {
  const { t } = useTranslation();
  const query = useChecklistTemplates();
  return (
    <QueryState
      query={query}
      failure={t('adminSettings.checklists.loadError')}
      skeletonClassName="h-40 w-full rounded-xl"
    >
      {(data) => <ChecklistEditor initial={data.templates} isCustom={data.templates.length > 0} />}
    </QueryState>
  );
}

function ChecklistEditor({ initial, isCustom }: { initial: ChecklistTemplate[]; isCustom: boolean }) {
  const { t } = useTranslation();
  const save = useSaveChecklistTemplates();
  const [templates, setTemplates] = useState<ChecklistTemplate[]>(initial);
  const [newCommodity, setNewCommodity] = useState<ProductCategory>(PRODUCT_CATEGORIES[0]);
  const [newIncoterm, setNewIncoterm] = useState<string>(INCOTERMS[0]);
  const [message, setMessage] = useState<{ tone: 'saved' | 'problem'; text: string } | null>(null);

  const update = (key: string, change: (template: ChecklistTemplate) => ChecklistTemplate) =>
    setTemplates((current) => current.map((template) => (templateKey(template) === key ? change(template) : template)));

  const exists = templates.some((template) => templateKey(template) === `${newCommodity}/${newIncoterm}`);

  function addTemplate() {
    const incoterm = newIncoterm || null;
    setTemplates((current) => [
      ...current,
      { commodity: newCommodity, incoterm, documents: [...defaultChecklist(newCommodity, incoterm)] },
    ]);
  }

  async function submit(body: ChecklistTemplate[], savedText: string) {
    setMessage(null);
    try {
      const saved = await save.mutateAsync({ templates: body });
      setTemplates(saved.templates);
      setMessage({ tone: 'saved', text: savedText });
    } catch (error) {
      setMessage({ tone: 'problem', text: isApiError(error) ? error.message : t('errors.INTERNAL_ERROR') });
    }
  }

  return (
    <SettingsSection title={t('adminSettings.checklists.title')} description={t('adminSettings.checklists.subtitle')}>
      <p className="mb-4 text-sm text-slate-600" data-testid="checklist-source">
        {isCustom ? t('adminSettings.checklists.custom') : t('adminSettings.checklists.usingDefaults')}
      </p>
      <div className="space-y-5">
        {templates.map((template) => {
          const key = templateKey(template);
          const title = t('adminSettings.checklists.templateTitle', {
            commodity: t(`productCategories.${template.commodity}`),
            incoterm: template.incoterm ?? t('adminSettings.checklists.anyIncoterm'),
          });
          const missing = TRADE_DOCUMENT_KINDS.filter(
            (kind) => !template.documents.some((document) => document.kind === kind),
          );
          return (
            <fieldset key={key} className="rounded-xl border border-slate-200 p-4" data-testid={`checklist-${key}`}>
              <legend className="px-1 text-sm font-semibold text-brand-900">{title}</legend>
              <ul className="space-y-2">
                {template.documents.map((document) => {
                  const kindLabel = t(`tradeDocuments.kinds.${document.kind}`);
                  const setItem = (change: Partial<typeof document>) =>
                    update(key, (current) => ({
                      ...current,
                      documents: current.documents.map((item) =>
                        item.kind === document.kind ? { ...item, ...change } : item,
                      ),
                    }));
                  return (
                    <li key={document.kind} className="grid gap-2 sm:grid-cols-[1fr_auto_auto_auto] sm:items-center">
                      <span className="text-sm text-slate-800 first-letter:uppercase">{kindLabel}</span>
                      <select
                        aria-label={t('adminSettings.checklists.uploaderOf', { document: kindLabel, template: title })}
                        value={document.uploader}
                        onChange={(event) => setItem({ uploader: event.target.value as TradeDocumentUploader })}
                        className={settingsInput}
                      >
                        {TRADE_DOCUMENT_UPLOADERS.map((uploader) => (
                          <option key={uploader} value={uploader}>
                            {t(`tradeDocuments.uploaders.${uploader}`)}
                          </option>
                        ))}
                      </select>
                      <select
                        aria-label={t('adminSettings.checklists.gateOf', { document: kindLabel, template: title })}
                        value={document.gates}
                        onChange={(event) => setItem({ gates: event.target.value as TradeDocumentGate })}
                        className={settingsInput}
                      >
                        {TRADE_DOCUMENT_GATES.map((gate) => (
                          <option key={gate} value={gate}>
                            {t(`tradeDocuments.gates.${gate}`)}
                          </option>
                        ))}
                      </select>
                      <Button
                        type="button"
                        variant="ghost"
                        aria-label={t('adminSettings.checklists.removeDocument', {
                          document: kindLabel,
                          template: title,
                        })}
                        onClick={() =>
                          update(key, (current) => ({
                            ...current,
                            documents: current.documents.filter((item) => item.kind !== document.kind),
                          }))
                        }
                      >
                        {t('adminSettings.checklists.remove')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {missing.length > 0 && (
                  <select
                    aria-label={t('adminSettings.checklists.addDocumentTo', { template: title })}
                    value=""
                    onChange={(event) => {
                      const kind = event.target.value as TradeDocumentKind;
                      if (!kind) return;
                      update(key, (current) => ({
                        ...current,
                        documents: [...current.documents, { kind, uploader: 'seller', gates: 'release' }],
                      }));
                    }}
                    className={`${settingsInput} sm:w-auto`}
                  >
                    <option value="">{t('adminSettings.checklists.addDocument')}</option>
                    {missing.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`tradeDocuments.kinds.${kind}`)}
                      </option>
                    ))}
                  </select>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setTemplates((current) => current.filter((item) => templateKey(item) !== key))}
                >
                  {t('adminSettings.checklists.removeTemplate')}
                </Button>
              </div>
            </fieldset>
          );
        })}
      </div>
      <div className="mt-5 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4">
        <label className="block text-sm font-medium text-slate-800">
          {t('adminSettings.checklists.commodity')}
          <select
            value={newCommodity}
            onChange={(event) => setNewCommodity(event.target.value as ProductCategory)}
            className={`${settingsInput} mt-1.5`}
          >
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`productCategories.${category}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          {t('adminSettings.checklists.incoterm')}
          <select
            value={newIncoterm}
            onChange={(event) => setNewIncoterm(event.target.value)}
            className={`${settingsInput} mt-1.5`}
          >
            <option value={ANY_INCOTERM}>{t('adminSettings.checklists.anyIncoterm')}</option>
            {INCOTERMS.map((incoterm) => (
              <option key={incoterm} value={incoterm}>
                {incoterm}
              </option>
            ))}
          </select>
        </label>
        <Button type="button" variant="secondary" disabled={exists} onClick={addTemplate}>
          {t('adminSettings.checklists.addTemplate')}
        </Button>
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={save.isPending}
          onClick={() => void submit(templates, t('adminSettings.checklists.saved'))}
        >
          {t('adminSettings.checklists.save')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={save.isPending || !isCustom}
          onClick={() => void submit([], t('adminSettings.checklists.restored'))}
        >
          {t('adminSettings.checklists.restoreDefaults')}
        </Button>
      </div>
      {message && (
        <div className="mt-3">
          {message.tone === 'saved' ? <Saved>{message.text}</Saved> : <Problem>{message.text}</Problem>}
        </div>
      )}
    </SettingsSection>
  );
}
