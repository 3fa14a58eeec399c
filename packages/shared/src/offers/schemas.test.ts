import { describe, expect, it } from 'vitest';
import { buildOfferRequest } from '../testing/offer-request';
import { isoDateInDays } from '../time';
import { ZOfferRequest } from './schemas';

/** The example offer as the wizard's form sends it: numbers typed as text, optional fields left blank. */
const VALID = {
  ...buildOfferRequest(),
  quantityTolerancePercent: '5',
  inspectionBody: '',
  insuredPercent: '110',
  paymentTerms: '',
};

/** The first message of each field that fails. */
function fieldErrors(overrides: Record<string, unknown>): Record<string, string> {
  const result = ZOfferRequest.safeParse({ ...VALID, ...overrides });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('offer money and tonnage', () => {
  it('takes prices of at least $1 a ton with at most two decimals, as numbers or form strings', () => {
    for (const priceUsd of [1, 1.01, 4300, 4300.1, 5200.5, 10_000_000, '1', '4300.10', ' 99.99 ']) {
      expect(fieldErrors({ priceUsd }), String(priceUsd)).toEqual({});
    }
    expect(ZOfferRequest.parse({ ...VALID, priceUsd: '4300.10' }).priceUsd).toBe(4300.1);
  });

  it('refuses prices that round to zero cents or below a dollar', () => {
    for (const priceUsd of [1e-9, '1e-9', 0.5, 0.999, 0.01, 0, -0, '-0', -1]) {
      expect(fieldErrors({ priceUsd }), String(priceUsd)).toEqual({ priceUsd: 'offers.validation.priceMin' });
    }
  });

  it('refuses fractions of a cent instead of rounding them', () => {
    for (const priceUsd of [1.005, 4300.123, 1.0000001, 1.000000001, '2.999']) {
      expect(fieldErrors({ priceUsd }), String(priceUsd)).toEqual({ priceUsd: 'offers.validation.cents' });
    }
  });

  it('refuses huge and non-finite prices', () => {
    for (const priceUsd of [1e308, '1e308', 10_000_000.01, 1e15, Number.MAX_SAFE_INTEGER]) {
      expect(fieldErrors({ priceUsd }), String(priceUsd)).toEqual({ priceUsd: 'validation.tooLarge' });
    }
    for (const priceUsd of [Infinity, '1e309', Number.NaN, 'abc', null, '']) {
      expect(fieldErrors({ priceUsd }), String(priceUsd)).toEqual({ priceUsd: 'validation.required' });
    }
  });

  it('refuses tonnage beyond the largest deal or outside whole lots', () => {
    expect(fieldErrors({ totalTons: 100_005, maxPerParticipantTons: 10 })).toEqual({
      totalTons: 'validation.tooLarge',
    });
    expect(fieldErrors({ totalTons: 1e21 })).toMatchObject({ totalTons: expect.any(String) });
    expect(fieldErrors({ totalTons: 20.5 })).toEqual({ totalTons: 'offers.validation.wholeTons' });
    expect(fieldErrors({ minVolume: -0 })).toEqual({ minVolume: 'offers.validation.positive' });
  });
});

describe('the trade terms of an offer', () => {
  it('takes the wizard’s strings: empty optional fields are null, numbers are numbers', () => {
    const parsed = ZOfferRequest.parse(VALID);
    expect(parsed).toMatchObject({
      incoterm: 'CIF',
      quantityTolerancePercent: 5,
      insuredPercent: 110,
      inspectionBody: null,
      paymentTerms: null,
    });
  });

  it('refuses a window that ends before it starts and an unknown Incoterm', () => {
    expect(fieldErrors({ shipmentTo: isoDateInDays(20) })).toEqual({ shipmentTo: 'tradeTerms.validation.windowOrder' });
    expect(fieldErrors({ incoterm: 'EXW' })).toEqual({ incoterm: 'validation.required' });
  });

  it('has the seller insure at least 110 % under CIF and CIP; nobody insuring names no share', () => {
    expect(fieldErrors({ insurancePayer: 'buyer' })).toEqual({ insurancePayer: 'tradeTerms.validation.sellerInsures' });
    expect(fieldErrors({ incoterm: 'CIP', insuredPercent: '100' })).toEqual({
      insuredPercent: 'tradeTerms.validation.minimumCover',
    });
    expect(fieldErrors({ incoterm: 'FOB', insurancePayer: 'none', insuredPercent: '110' })).toEqual({
      insuredPercent: 'tradeTerms.validation.noInsurance',
    });
    expect(fieldErrors({ incoterm: 'FOB', insurancePayer: 'none', insuredPercent: '' })).toEqual({});
    expect(fieldErrors({ quantityTolerancePercent: '11' })).toEqual({
      quantityTolerancePercent: 'validation.tooLarge',
    });
  });
});
