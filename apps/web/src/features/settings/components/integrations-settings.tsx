import {
  API_KEY_SCOPES,
  API_VERSIONS,
  type ApiKey,
  type ApiKeyScope,
  type ApiVersion,
  CURRENT_API_VERSION,
  type WebhookDelivery,
  type WebhookEndpoint,
  ZCreateApiKeyRequest,
  ZCreateWebhookRequest,
} from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Field, Form, showServerError, useZodForm } from '../../../components/ui/form';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/format';
import {
  useApiKeys,
  useCreateApiKey,
  useCreateWebhook,
  useDeleteWebhook,
  useResendWebhookDelivery,
  useRevokeApiKey,
  useSetApiKeyVersion,
  useSetWebhookVersion,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/integrations';
import { Problem, SettingsSection, settingsInput } from './section';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A secret shown once, right after it was made, with a copy button and the warning that goes with it. */
function ShownOnce({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Alert tone="success">
      <p className="font-medium">{note}</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900">
          {value}
        </code>
        <CopyButton text={value} label={label} />
      </div>
    </Alert>
  );
}

/**
 * A company's integrations in its settings page: API keys (made, shown once, revoked) and webhook
 * endpoints with their delivery log and resend (docs/api.md).
 */
export function IntegrationsSettings() {
  const { t } = useTranslation();
  return (
    <>
      <SettingsSection title={t('integrations.apiKeys.title')} description={t('integrations.apiKeys.description')}>
        <ApiKeysPanel />
      </SettingsSection>
      <SettingsSection title={t('integrations.webhooks.title')} description={t('integrations.webhooks.description')}>
        <WebhooksPanel />
      </SettingsSection>
    </>
  );
}

type ApiKeyFormValues = z.input<typeof ZCreateApiKeyRequest>;

function ApiKeysPanel() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const form = useZodForm(ZCreateApiKeyRequest, { defaultValues: { name: '', scope: 'read' } });

  return (
    <div className="space-y-5">
      <Form
        form={form}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: () => form.reset({ name: '', scope: body.scope }),
            onError: (failure) => showServerError(form, failure),
          })
        }
        className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <Field<ApiKeyFormValues> name="name" label={t('integrations.apiKeys.name')}>
          {(control) => <input {...control} maxLength={80} className={settingsInput} />}
        </Field>
        <Field<ApiKeyFormValues> name="scope" label={t('integrations.apiKeys.scope')}>
          {(control) => (
            <select {...control} className={settingsInput}>
              {API_KEY_SCOPES.map((scope) => (
                <option key={scope} value={scope}>
                  {t(`integrations.apiKeys.scopes.${scope}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" disabled={create.isPending}>
          {t('integrations.apiKeys.create')}
        </Button>
      </Form>
      {create.data && (
        <ShownOnce
          label={t('integrations.apiKeys.copy')}
          value={create.data.key}
          note={t('integrations.apiKeys.shownOnce')}
        />
      )}
      <QueryState
        query={keys}
        isEmpty={(data) => data.keys.length === 0}
        empty={t('integrations.apiKeys.empty')}
        skeletonClassName="h-24 w-full rounded-xl"
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {data.keys.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeApiKey();
  const setVersion = useSetApiKeyVersion();
  const [isConfirming, setConfirming] = useState(false);
  const scopeTone: Record<ApiKeyScope, BadgeTone> = { read: 'neutral', write: 'warning' };
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="break-all">{apiKey.name}</span>
          <Badge tone={scopeTone[apiKey.scope]}>{t(`integrations.apiKeys.scopes.${apiKey.scope}`)}</Badge>
          {apiKey.revokedAt && <Badge tone="danger">{t('integrations.apiKeys.revoked')}</Badge>}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          <code className="font-mono">{apiKey.prefix}…</code> ·{' '}
          {t('integrations.apiKeys.created', { date: formatDate(apiKey.createdAt, i18n.language, DATE_TIME) })} ·{' '}
          {apiKey.lastUsedAt
            ? t('integrations.apiKeys.lastUsed', { date: formatDate(apiKey.lastUsedAt, i18n.language, DATE_TIME) })
            : t('integrations.apiKeys.neverUsed')}
        </p>
        <ApiVersionSelect
          id={`api-key-version-${apiKey.id}`}
          label={t('integrations.apiVersion.ofKey', { name: apiKey.name })}
          value={apiKey.apiVersion}
          disabled={Boolean(apiKey.revokedAt)}
          mutation={{
            mutate: (apiVersion) => setVersion.mutate({ id: apiKey.id, apiVersion }),
            isPending: setVersion.isPending,
            error: setVersion.error,
          }}
        />
        {revoke.isError && <p className="mt-1 text-xs text-red-700">{revoke.error.message}</p>}
      </div>
      {!apiKey.revokedAt && (
        <div className="flex shrink-0 gap-2">
          {isConfirming && (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t('integrations.cancel')}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            disabled={revoke.isPending}
            aria-label={
              isConfirming
                ? t('integrations.apiKeys.confirmRevokeNamed', { name: apiKey.name })
                : t('integrations.apiKeys.revokeNamed', { name: apiKey.name })
            }
            onClick={() => (isConfirming ? revoke.mutate(apiKey.id) : setConfirming(true))}
          >
            {isConfirming ? t('integrations.apiKeys.confirmRevoke') : t('integrations.apiKeys.revoke')}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The API version an integration speaks (docs/api.md, "API versions"): what a key's requests read and send,
 * or what an endpoint's events read. Its owner moves it to the current one once the integration reads
 * camelCase, or back; one on an older version says so.
 */
function ApiVersionSelect({
  id,
  label,
  value,
  disabled,
  mutation,
}: {
  id: string;
  label: string;
  value: ApiVersion;
  disabled: boolean;
  mutation: { mutate: (apiVersion: ApiVersion) => void; isPending: boolean; error: Error | null };
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <label htmlFor={id}>{t('integrations.apiVersion.label')}</label>
      <select
        id={id}
        aria-label={label}
        value={value}
        disabled={disabled || mutation.isPending}
        onChange={(event) => mutation.mutate(event.target.value as ApiVersion)}
        className="rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
      >
        {API_VERSIONS.map((version) => (
          <option key={version} value={version}>
            {version === CURRENT_API_VERSION ? t('integrations.apiVersion.current', { version }) : version}
          </option>
        ))}
      </select>
      {value !== CURRENT_API_VERSION && !disabled && <span>{t('integrations.apiVersion.older')}</span>}
      {mutation.error && <span className="text-red-700">{mutation.error.message}</span>}
    </div>
  );
}

type WebhookFormValues = z.input<typeof ZCreateWebhookRequest>;

function WebhooksPanel() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhook();
  const form = useZodForm(ZCreateWebhookRequest, { defaultValues: { url: '', events: [] } });

  return (
    <div className="space-y-5">
      <Form
        form={form}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: () => form.reset({ url: '', events: [] }),
            onError: (failure) => showServerError(form, failure),
          })
        }
        className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <Field<WebhookFormValues>
          name="url"
          label={t('integrations.webhooks.url')}
          hint={t('integrations.webhooks.urlHint')}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              placeholder={t('integrations.webhooks.urlPlaceholder')}
              className={settingsInput}
            />
          )}
        </Field>
        <Button type="submit" disabled={create.isPending}>
          {t('integrations.webhooks.create')}
        </Button>
      </Form>
      {create.data && (
        <ShownOnce
          label={t('integrations.webhooks.copySecret')}
          value={create.data.secret}
          note={t('integrations.webhooks.secretShownOnce')}
        />
      )}
      <QueryState
        query={endpoints}
        isEmpty={(data) => data.endpoints.length === 0}
        empty={t('integrations.webhooks.empty')}
        skeletonClassName="h-24 w-full rounded-xl"
      >
        {(data) => (
          <ul className="space-y-3">
            {data.endpoints.map((endpoint) => (
              <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function WebhookEndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const remove = useDeleteWebhook();
  const setVersion = useSetWebhookVersion();
  const [isLogOpen, setLogOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const logId = `webhook-log-${endpoint.id}`;
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          <p className="mt-1 text-xs text-slate-600">
            {endpoint.events.length === 0
              ? t('integrations.webhooks.allEvents')
              : t('integrations.webhooks.someEvents', { events: endpoint.events.join(', ') })}
          </p>
          <ApiVersionSelect
            id={`webhook-version-${endpoint.id}`}
            label={t('integrations.apiVersion.ofEndpoint', { url: endpoint.url })}
            value={endpoint.apiVersion}
            disabled={false}
            mutation={{
              mutate: (apiVersion) => setVersion.mutate({ id: endpoint.id, apiVersion }),
              isPending: setVersion.isPending,
              error: setVersion.error,
            }}
          />
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={isLogOpen}
            aria-controls={logId}
            onClick={() => setLogOpen((open) => !open)}
          >
            {isLogOpen ? t('integrations.webhooks.hideLog') : t('integrations.webhooks.showLog')}
          </Button>
          {isConfirming && (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t('integrations.cancel')}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            disabled={remove.isPending}
            onClick={() => (isConfirming ? remove.mutate(endpoint.id) : setConfirming(true))}
          >
            {isConfirming ? t('integrations.webhooks.confirmDelete') : t('integrations.webhooks.delete')}
          </Button>
        </div>
      </div>
      {remove.isError && <Problem>{remove.error.message}</Problem>}
      {isLogOpen && (
        <div id={logId} className="mt-3">
          <DeliveryLog endpointId={endpoint.id} />
        </div>
      )}
    </li>
  );
}

const STATUS_TONE: Record<WebhookDelivery['status'], BadgeTone> = {
  pending: 'warning',
  sending: 'brand',
  succeeded: 'success',
  failed: 'danger',
};

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t, i18n } = useTranslation();
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery(endpointId);
  return (
    <QueryState
      query={deliveries}
      isEmpty={(data) => data.deliveries.length === 0}
      empty={t('integrations.webhooks.noDeliveries')}
      skeletonClassName="h-20 w-full rounded-xl"
    >
      {(data) => (
        <>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('integrations.webhooks.logTitle')}</h3>
          {resend.isError && <Problem>{resend.error.message}</Problem>}
          <ul className="divide-y divide-slate-100 text-sm">
            {data.deliveries.map((delivery) => (
              <li key={delivery.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <code className="font-mono text-xs break-all text-slate-900">{delivery.eventType}</code>
                    <Badge tone={STATUS_TONE[delivery.status]}>
                      {t(`integrations.webhooks.status.${delivery.status}`)}
                    </Badge>
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    {formatDate(delivery.createdAt, i18n.language, DATE_TIME)} ·{' '}
                    {t('integrations.webhooks.attempts', { count: delivery.attempts })}
                    {delivery.lastStatusCode !== null &&
                      ` · ${t('integrations.webhooks.lastStatus', { status: delivery.lastStatusCode })}`}
                  </p>
                  {delivery.lastError && delivery.status !== 'succeeded' && (
                    <p className="mt-0.5 text-xs break-all text-red-700">{delivery.lastError}</p>
                  )}
                </div>
                {(delivery.status === 'failed' || delivery.status === 'succeeded') && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="self-start sm:self-auto"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(delivery.id)}
                  >
                    {t('integrations.webhooks.resend')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}
