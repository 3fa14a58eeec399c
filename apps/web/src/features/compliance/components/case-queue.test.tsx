import { type ComplianceCase } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, pageResponse, renderWithProviders } from '../../../test/render';
import { CaseQueue } from './case-queue';

function item(id: string, companyName: string): ComplianceCase {
  return {
    id,
    profileId: 'profile-1',
    companyName,
    email: null,
    subject: 'company',
    subjectName: companyName,
    matchedName: 'BANCO NACIONAL DE CUBA',
    score: 0.93,
    status: 'open',
    entry: {
      listId: 'list-1',
      source: 'ofac_sdn',
      ref: '306',
      kind: 'entity',
      name: 'BANCO NACIONAL DE CUBA',
      aliases: [],
      programs: ['CUBA'],
      countries: [],
      birthDates: [],
      remarks: null,
    },
    decisionReason: null,
    decidedAt: null,
    decidedByEmail: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    companyStatus: 'review',
  };
}

describe('the screening queue, a page at a time', () => {
  it('shows how many wait and the count of each status, and loads the next page on request', async () => {
    const requests: string[] = [];
    const counts = { open: 2, confirmed: 5, cleared: 9 };
    mockApi({
      '/api/admin/compliance/cases': (url) => {
        requests.push(url.search);
        return url.searchParams.get('cursor') === 'page-2'
          ? pageResponse([item('5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e61', 'Segunda Empresa')], { total: 2, counts })
          : pageResponse([item('5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e60', 'Primera Empresa')], {
              nextCursor: 'page-2',
              total: 2,
              counts,
            });
      },
    });
    renderWithProviders(<CaseQueue />);
    expect(await screen.findByRole('link', { name: 'Primera Empresa' })).toBeInTheDocument();
    expect(screen.getByText('2 en espera')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmados (5)' })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 de 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByRole('link', { name: 'Segunda Empresa' })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2 de 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(requests).toEqual(['?status=open', '?status=open&cursor=page-2']);
  });
});
