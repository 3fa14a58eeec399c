import { type DisputeSummary } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { DisputeState } from './dispute-panel';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';

const dispute: DisputeSummary = {
  id: '9c1f3b7e-2a4d-4e6f-8a9b-0c1d2e3f4a5b',
  status: 'open',
  opened_by: 'participant',
  opened_by_company: 'Comercializadora Rioplatense S.A.',
  opened_at: '2026-03-03T12:00:00.000Z',
  reason: 'La carga llegó húmeda.',
  decision: null,
  decision_reason: null,
  decided_at: null,
  evidence: [],
};

describe('dispute state: a company name at the end of a sentence', () => {
  it('shows "S.A." with one full stop in Spanish and English', async () => {
    renderWithProviders(<DisputeState operationId={OPERATION_ID} dispute={dispute} />);
    expect(screen.getByText(/^Abierta el .* por Comercializadora Rioplatense S\.A\.$/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('S.A..');

    await applyLanguage('en');
    expect(await screen.findByText(/^Opened on .* by Comercializadora Rioplatense S\.A\.$/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('S.A..');
  });
});
