import { OFFER_STEPS, type OfferField } from '@tradeops/shared';
import { useEffect, useState } from 'react';

export type OfferFormValues = Record<OfferField, string>;

export const EMPTY_OFFER: OfferFormValues = {
  productName: '',
  productCategory: '',
  type: '',
  title: '',
  titleEn: '',
  description: '',
  descriptionEn: '',
  originCountry: '',
  destinationCountry: '',
  arrivalPort: '',
  specification: '',
  specificationEn: '',
  totalTons: '',
  minVolume: '',
  maxPerParticipantTons: '',
  priceUsd: '',
  deadline: '',
  expectedDeparture: '',
  expectedArrival: '',
  // The trade terms start at what most of the platform's deals quote: CIF, the seller insuring 110 %, ± 5 %.
  incoterm: 'CIF',
  namedPlace: '',
  shipmentFrom: '',
  shipmentTo: '',
  quantityTolerancePercent: '5',
  qualitySpecification: '',
  inspectionBody: '',
  insurancePayer: 'seller',
  insuredPercent: '110',
  paymentTerms: '',
};

/** Where the /make-offer wizard keeps its draft: this tab's sessionStorage (files cannot be kept there). */
export const OFFER_DRAFT_STORAGE_KEY = 'tradeops-offer-draft';

/** Starts the /make-offer draft from these values at step 1 (e.g. an offer like an operation on the catalogue). */
export function saveOfferDraft(values: OfferFormValues): void {
  try {
    window.sessionStorage.setItem(OFFER_DRAFT_STORAGE_KEY, JSON.stringify({ values, step: 0 } satisfies Draft));
  } catch {
    // A full or blocked storage: the wizard starts empty, as before.
  }
}

interface Draft {
  values: OfferFormValues;
  step: number;
}

function readDraft(key: string | null): Draft | null {
  if (!key) return null;
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft> | null;
    const values = { ...EMPTY_OFFER };
    for (const field of Object.keys(EMPTY_OFFER) as OfferField[]) {
      const value = parsed?.values?.[field];
      if (typeof value === 'string') values[field] = value;
    }
    const step =
      typeof parsed?.step === 'number' && parsed.step >= 0 && parsed.step < OFFER_STEPS.length ? parsed.step : 0;
    return { values, step };
  } catch {
    return null;
  }
}

/**
 * The wizard's values and step, kept in sessionStorage under `storageKey` so
 * going back a step or reloading the page loses nothing (null: not kept, e.g.
 * when editing a saved offer).
 */
export function useOfferDraft(storageKey: string | null, initial: OfferFormValues = EMPTY_OFFER) {
  const [draft, setDraft] = useState<Draft>(() => readDraft(storageKey) ?? { values: initial, step: 0 });

  useEffect(() => {
    if (!storageKey) return;
    try {
      window.sessionStorage.setItem(storageKey, JSON.stringify(draft));
    } catch {
      // A full or blocked storage only loses the draft, never the form.
    }
  }, [storageKey, draft]);

  return {
    values: draft.values,
    step: draft.step,
    setValues: (values: OfferFormValues) => setDraft((current) => ({ ...current, values })),
    setStep: (step: number) => setDraft((current) => ({ ...current, step })),
    reset: () => {
      if (storageKey) window.sessionStorage.removeItem(storageKey);
      setDraft({ values: EMPTY_OFFER, step: 0 });
    },
  };
}
