import { type PartnerKind, DAY_MS } from '@tradeops/shared';
import { type AppTransaction } from '../db/client';
import { partners } from '../db/schema';
import { demoId } from './demo-ids';

export interface DemoPartner {
  key: string;
  name: string;
  kind: PartnerKind;
  country: string;
  website: string;
}

/** 19 fictitious partner companies (the landing's "19 trusted partners"). */
export const DEMO_PARTNERS: readonly DemoPartner[] = [
  {
    key: 'atlantico-sur',
    name: 'Atlántico Sur Trading S.A.',
    kind: 'trading',
    country: 'UY',
    website: 'https://atlanticosur-trading.example',
  },
  {
    key: 'caribe-global',
    name: 'Caribe Global Traders C.A.',
    kind: 'trading',
    country: 'VE',
    website: 'https://caribeglobal.example',
  },
  {
    key: 'meridian',
    name: 'Meridian Commodities Trading LLC',
    kind: 'trading',
    country: 'US',
    website: 'https://meridian-commodities.example',
  },
  {
    key: 'pampa-grain',
    name: 'Pampa Grain Traders S.A.',
    kind: 'trading',
    country: 'AR',
    website: 'https://pampagrain.example',
  },
  {
    key: 'cambio-austral',
    name: 'Cambio Austral Brokers S.A.',
    kind: 'brokerage',
    country: 'UY',
    website: 'https://cambioaustral.example',
  },
  {
    key: 'valoris',
    name: 'Valoris FX Brokerage Inc.',
    kind: 'brokerage',
    country: 'PA',
    website: 'https://valoris-fx.example',
  },
  {
    key: 'plata-securities',
    name: 'Río de la Plata Securities S.A.',
    kind: 'brokerage',
    country: 'AR',
    website: 'https://plata-securities.example',
  },
  {
    key: 'oceanic-blue',
    name: 'Oceanic Blue Lines S.A.',
    kind: 'shipping',
    country: 'PA',
    website: 'https://oceanicblue.example',
  },
  {
    key: 'naviera-andina',
    name: 'Naviera Andina del Atlántico C.A.',
    kind: 'shipping',
    country: 'VE',
    website: 'https://naviera-andina.example',
  },
  {
    key: 'transatlantica-sul',
    name: 'Transatlântica Sul Navegação Ltda.',
    kind: 'shipping',
    country: 'BR',
    website: 'https://transatlanticasul.example',
  },
  {
    key: 'logipuerto',
    name: 'LogiPuerto La Guaira C.A.',
    kind: 'logistics',
    country: 'VE',
    website: 'https://logipuerto.example',
  },
  {
    key: 'cargo-mercosur',
    name: 'Cargo Express Mercosur Ltda.',
    kind: 'logistics',
    country: 'BR',
    website: 'https://cargomercosur.example',
  },
  {
    key: 'frigo-integral',
    name: 'Frigo Logística Integral S.A.',
    kind: 'logistics',
    country: 'UY',
    website: 'https://frigointegral.example',
  },
  {
    key: 'fondo-fcx',
    name: 'Fondo Comercio Exterior FCX S.A.',
    kind: 'financial',
    country: 'UY',
    website: 'https://fondofcx.example',
  },
  {
    key: 'andes-trade-finance',
    name: 'Andes Trade Finance Partners S.A.S.',
    kind: 'financial',
    country: 'CO',
    website: 'https://andes-tradefinance.example',
  },
  {
    key: 'inspeccert',
    name: 'InspecCert Laboratorios S.A.',
    kind: 'inspection',
    country: 'AR',
    website: 'https://inspeccert.example',
  },
  {
    key: 'qualis-survey',
    name: 'Qualis Survey & Inspection Ltda.',
    kind: 'inspection',
    country: 'BR',
    website: 'https://qualis-survey.example',
  },
  {
    key: 'maritima-sur',
    name: 'Aseguradora Marítima del Sur S.A.',
    kind: 'insurance',
    country: 'UY',
    website: 'https://maritimasur.example',
  },
  {
    key: 'cargoshield',
    name: 'CargoShield Insurance Brokers LLC',
    kind: 'insurance',
    country: 'US',
    website: 'https://cargoshield.example',
  },
];

export function demoPartnerId(key: string): string {
  return demoId(`partner:${key}`);
}

export async function seedDemoPartners(tx: AppTransaction, now: Date): Promise<void> {
  const createdAt = new Date(now.getTime() - 120 * DAY_MS);
  await tx
    .insert(partners)
    .values(
      DEMO_PARTNERS.map((partner) => ({
        id: demoPartnerId(partner.key),
        name: partner.name,
        kind: partner.kind,
        country: partner.country,
        website: partner.website,
        isActive: true,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .onConflictDoNothing();
}
