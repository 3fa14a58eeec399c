import { type KycReviewUser, type OfferReviewItem, missingKycDocument } from '@tradeops/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildSessionUser,
  createTestQueryClient,
  errorResponse,
  jsonResponse,
  mockApi,
  mockQueueDecision,
  renderApp,
} from '../../test/render';

const admin = () => createTestQueryClient(buildSessionUser({ isAdmin: true, email: 'admin@tradeops.demo' }));
const DOCUMENT_ID = '7f0b3c1e-9d2a-4b8c-8e1f-2a3b4c5d6e7f';
const USER_ID = 'user-ana';

function reviewUser(revision: number, fileName: string): KycReviewUser {
  const pending = (documentType: KycReviewUser['documents'][number]['documentType']) =>
    missingKycDocument(documentType);
  return {
    userId: USER_ID,
    email: 'ana@lacteos.example',
    fullName: 'Ana Pérez',
    companyName: 'Lácteos del Sur',
    companyType: 'trader',
    country: 'AR',
    taxId: null,
    registeredAt: '2026-01-02T10:00:00.000Z',
    waitingSince: '2026-01-02T11:00:00.000Z',
    revision: 1,
    screening: { status: 'clear', lastScreenedAt: '2026-01-02T10:00:01.000Z', cases: [] },
    documents: [
      pending('government_id'),
      pending('incorporation_cert'),
      pending('proof_address'),
      {
        id: DOCUMENT_ID,
        documentType: 'bank_reference',
        status: 'uploaded',
        fileName,
        mimeType: 'application/pdf',
        sizeBytes: 1200,
        uploadedAt: '2026-01-02T11:00:00.000Z',
        rejectReason: null,
        revision,
      },
      pending('tax_certificate'),
    ],
  };
}

describe('admin review pages: a decision on a stale version', () => {
  // The whole app renders (route table, lazy admin chunk): generous timeouts for a loaded machine.
  it(
    'KYC: a document replaced since it was opened is refused; the page shows the translated message and the new file',
    { timeout: 20_000 },
    async () => {
      const posted = mockQueueDecision({
        listPath: '/api/admin/kyc/users',
        before: [reviewUser(1, 'banco.pdf')],
        // The company replaced the document between the admin's look and the click.
        after: [reviewUser(2, 'banco-version-b.pdf')],
        decisionPath: `/api/admin/kyc/documents/${DOCUMENT_ID}/verify`,
        answer: () =>
          errorResponse(
            'KYC_DOCUMENT_CHANGED',
            'La empresa subió una nueva versión de este documento después de que lo abriste. Revisa la versión actual antes de decidir.',
          ),
      });
      renderApp('/admin/kyc/users', admin());
      const card = await screen.findByTestId('review-document-bank_reference', {}, { timeout: 10_000 });
      expect(within(card).getByText('banco.pdf')).toBeInTheDocument();
      expect(within(card).getByTitle(/Vista previa/)).toHaveAttribute('src', expect.stringContaining('revision=1'));

      await userEvent.click(within(card).getByRole('button', { name: 'Verificar' }));
      expect(posted).toEqual([{ revision: 1 }]);
      expect(await within(card).findByRole('alert')).toHaveTextContent(
        'La empresa subió una nueva versión de este documento después de que lo abriste.',
      );
      // Refetched: the new revision is what the page now shows and previews.
      expect(await within(card).findByText('banco-version-b.pdf')).toBeInTheDocument();
      expect(within(card).getByTitle(/Vista previa/)).toHaveAttribute('src', expect.stringContaining('revision=2'));
      expect(within(card).getByRole('link', { name: 'Descargar' })).toHaveAttribute(
        'href',
        expect.stringContaining('revision=2'),
      );
    },
  );

  it(
    'offers: an offer edited since it was opened is refused; the row shows the message and the new price',
    { timeout: 20_000 },
    async () => {
      const item = (revision: number, priceUsd: number): OfferReviewItem => ({
        id: '3c9e2b1a-5d4f-4e6a-8b7c-1d2e3f4a5b6c',
        title: 'Café verde de Colombia',
        productName: 'Café verde',
        originCountry: 'CO',
        sellerName: 'Exportadora Andina',
        sellerEmail: 'vendedor@tradeops.demo',
        totalTons: 20,
        priceUsd,
        createdAt: '2026-01-02T10:00:00.000Z',
        revision,
      });
      const posted = mockQueueDecision({
        listPath: '/api/admin/offer-reviews',
        before: [item(1, 1_000)],
        after: [item(2, 95_000)],
        decisionPath: '/api/admin/offer-reviews/3c9e2b1a-5d4f-4e6a-8b7c-1d2e3f4a5b6c/approve',
        answer: () =>
          errorResponse(
            'OFFER_CHANGED',
            'El vendedor modificó esta oferta después de que la abriste. Revisa la versión actual antes de decidir.',
          ),
      });
      renderApp('/admin/offer-reviews', admin());
      const row = await screen.findByTestId('operation-review', {}, { timeout: 10_000 });
      expect(within(row).getByText(/1[.,]000/)).toBeInTheDocument();
      await userEvent.click(within(row).getByRole('button', { name: 'Aprobar' }));
      expect(posted).toEqual([{ revision: 1 }]);
      expect(await within(row).findByRole('alert')).toHaveTextContent('El vendedor modificó esta oferta');
      expect(await within(row).findByText(/95[.,]000/)).toBeInTheDocument();
    },
  );
});

describe('the KYC overview', () => {
  it('says a failed load with a retry that brings the counts', { timeout: 20_000 }, async () => {
    let calls = 0;
    mockApi({
      '/api/admin/kyc/overview': () => {
        calls += 1;
        if (calls === 1) return errorResponse('INTERNAL', 'Falló el servidor', 500);
        return jsonResponse({
          usersAwaitingReview: 3,
          operationsAwaitingReview: 1,
          usersPending: 4,
          usersApproved: 12,
          usersRejected: 2,
        });
      },
    });
    renderApp('/admin/kyc', admin());
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const awaiting = await screen.findByText('Usuarios por revisar');
    expect(awaiting.parentElement).toHaveTextContent('3');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
