import {
  type ComplianceSettings,
  DEFAULT_EMBARGOED_JURISDICTIONS,
  DEFAULT_KYC_RENEWAL_MONTHS,
  DEFAULT_SCREENING_THRESHOLD,
  type SanctionsFetchSettings,
  ZComplianceSettings,
  ZSanctionsFetchSettings,
  zCountryCode,
} from '@tradeops/shared';
import { z } from 'zod';
import { type AppDatabase, type Queryable } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { writeAudit } from '../audit/audit.service';
import { type StoredSettings, readStoredSettings } from '../settings/settings.service';

/** The compliance settings' keys in platform_settings (beside the platform's own, edited on their own page). */
const KEYS = {
  screeningThreshold: 'screening_threshold',
  embargoedJurisdictions: 'embargoed_jurisdictions',
  kycRenewalMonths: 'kyc_renewal_months',
  listFetch: 'sanctions_list_fetch',
} as const satisfies Record<keyof ComplianceSettings, string>;

/** The publishers' own addresses; the fetch job reads them only when an admin turns it on. */
export const DEFAULT_LIST_FETCH: SanctionsFetchSettings = {
  enabled: false,
  ofacSdnUrl: 'https://www.treasury.gov/ofac/downloads/sdn.csv',
  ofacAltUrl: 'https://www.treasury.gov/ofac/downloads/alt.csv',
  ofacAddUrl: 'https://www.treasury.gov/ofac/downloads/add.csv',
  unUrl: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml',
  euUrl: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/csvFullSanctionsList_1_1/content',
};

export const DEFAULT_COMPLIANCE_SETTINGS: ComplianceSettings = {
  screeningThreshold: DEFAULT_SCREENING_THRESHOLD,
  embargoedJurisdictions: [...DEFAULT_EMBARGOED_JURISDICTIONS],
  kycRenewalMonths: DEFAULT_KYC_RENEWAL_MONTHS,
  listFetch: DEFAULT_LIST_FETCH,
};

/** The compliance settings' keys in platform_settings. */
export const COMPLIANCE_SETTING_KEYS: readonly string[] = Object.values(KEYS);

/** Each setting as stored, or its default where none is stored or the stored value is malformed. */
export async function getComplianceSettings(db: Queryable): Promise<ComplianceSettings> {
  return complianceSettingsFrom(await readStoredSettings(db, COMPLIANCE_SETTING_KEYS));
}

/** The settings from their stored values; a missing or malformed one is its default. */
export function complianceSettingsFrom(stored: StoredSettings): ComplianceSettings {
  const shape = ZComplianceSettings.shape;
  const read = <T>(schema: z.ZodType<T>, key: string, fallback: T): T => {
    const parsed = schema.safeParse(stored.get(key));
    return parsed.success ? parsed.data : fallback;
  };
  return {
    screeningThreshold: read(shape.screeningThreshold, KEYS.screeningThreshold, DEFAULT_SCREENING_THRESHOLD),
    embargoedJurisdictions: read(
      z.array(zCountryCode),
      KEYS.embargoedJurisdictions,
      DEFAULT_COMPLIANCE_SETTINGS.embargoedJurisdictions,
    ),
    kycRenewalMonths: read(shape.kycRenewalMonths, KEYS.kycRenewalMonths, DEFAULT_KYC_RENEWAL_MONTHS),
    listFetch: read(ZSanctionsFetchSettings, KEYS.listFetch, DEFAULT_LIST_FETCH),
  };
}

/** Saves the settings in one transaction; each changed one gets an audit row with its old and new value. */
export async function updateComplianceSettings(
  db: AppDatabase,
  admin: AuthContext,
  settings: ComplianceSettings,
): Promise<ComplianceSettings> {
  const values: ComplianceSettings = {
    ...settings,
    embargoedJurisdictions: [...new Set(settings.embargoedJurisdictions)].sort(),
  };
  await db.transaction(async (tx) => {
    const before = await getComplianceSettings(tx);
    for (const [field, key] of Object.entries(KEYS) as [keyof ComplianceSettings, string][]) {
      if (JSON.stringify(before[field]) === JSON.stringify(values[field])) continue;
      await tx
        .insert(platformSettings)
        .values({ key, value: values[field], updatedBy: admin.user.id })
        .onConflictDoUpdate({
          target: platformSettings.key,
          set: { value: values[field], updatedBy: admin.user.id, updatedAt: new Date() },
        });
      await writeAudit(tx, {
        actorId: admin.user.id,
        action: 'settings.updated',
        entityType: 'platform_setting',
        entityId: key,
        data: { before: before[field], after: values[field] },
      });
    }
  });
  return getComplianceSettings(db);
}
