import { SANCTIONS_FILE_MAX_BYTES, type SanctionsSource } from '@tradeops/shared';
import { AppError } from '../../errors';
import { getComplianceSettings } from './compliance-settings.service';
import { type SanctionsFiles } from './formats/parse-sanctions-list';
import { type ListDeps, createVersion } from './sanctions-lists.service';

/** At most this long for one list's download. */
const FETCH_TIMEOUT_MS = 120_000;

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > SANCTIONS_FILE_MAX_BYTES) throw new Error(`${url} is larger than the limit`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > SANCTIONS_FILE_MAX_BYTES) throw new Error(`${url} is larger than the limit`);
  return bytes;
}

/**
 * The fetch job (daily, off by default): where the deployment reaches the publishers, reads each
 * list from its configured address and loads it when it differs from the version in force.
 */
export async function fetchSanctionsLists(deps: ListDeps): Promise<void> {
  const { listFetch } = await getComplianceSettings(deps.db);
  if (!listFetch.enabled) return;
  const plans: [SanctionsSource, Partial<Record<keyof SanctionsFiles, string>>][] = [
    ['ofac_sdn', { sdn: listFetch.ofacSdnUrl, alt: listFetch.ofacAltUrl, add: listFetch.ofacAddUrl }],
    ['un_consolidated', { list: listFetch.unUrl }],
    ['eu_consolidated', { list: listFetch.euUrl }],
  ];
  for (const [source, urls] of plans) {
    try {
      const files: SanctionsFiles = {};
      const names: Partial<Record<keyof SanctionsFiles, string>> = {};
      for (const [role, url] of Object.entries(urls) as [keyof SanctionsFiles, string][]) {
        files[role] = await download(url);
        names[role] = new URL(url).pathname.split('/').pop() || role;
      }
      await createVersion(deps, source, files, names, 'fetch', null);
    } catch (error) {
      if (error instanceof AppError && error.code === 'SANCTIONS_LIST_UNCHANGED') continue;
      deps.log.warn({ err: error, source }, 'a sanctions list could not be fetched');
    }
  }
}
