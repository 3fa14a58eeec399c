import { KYC_DOCUMENT_TYPE_LIST, type KycDocument, type KycStatusResponse } from '@tradeops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { buildSessionUser, createTestQueryClient, jsonResponse, mockApi, renderApp } from '../../test/render';

type DocumentStatus = KycDocument['status'];

/** A company's KYC answer: its status, onboarding step and each document's status (reason when rejected). */
function kycStatus(
  kycStatus: KycStatusResponse['kycStatus'],
  currentStep: number,
  documentStatus: (type: KycDocument['documentType']) => DocumentStatus,
  kycRejectReason: string | null = null,
): KycStatusResponse {
  return {
    kycStatus,
    kycRejectReason,
    onboarding: {
      currentStep,
      status: currentStep === 4 ? 'completed' : currentStep > 1 ? 'in_review' : 'in_progress',
    },
    documents: KYC_DOCUMENT_TYPE_LIST.map((documentType, index) => {
      const status = documentStatus(documentType);
      const isUploaded = status !== 'pending';
      return {
        id: isUploaded ? `00000000-0000-4000-8000-00000000000${index}` : null,
        documentType,
        status,
        fileName: isUploaded ? `${documentType}.pdf` : null,
        mimeType: isUploaded ? 'application/pdf' : null,
        sizeBytes: isUploaded ? 1_000 : null,
        uploadedAt: isUploaded ? '2026-11-20T10:00:00.000Z' : null,
        rejectReason: status === 'rejected' ? 'La referencia tiene más de tres meses' : null,
        revision: isUploaded ? 1 : null,
      };
    }),
  };
}

const NOTHING_UPLOADED = kycStatus('pending', 1, () => 'pending');
const UPLOADED_NOT_SENT = kycStatus('pending', 1, () => 'uploaded');
const SENT = kycStatus('pending', 2, () => 'uploaded');
const REJECTED = kycStatus(
  'rejected',
  1,
  (type) => (type === 'bank_reference' ? 'rejected' : 'verified'),
  'La razón social no coincide con el registro',
);
const APPROVED = kycStatus('approved', 4, () => 'verified');

function renderAs(
  path: string,
  status: KycStatusResponse,
  options: { role?: 'buyer' | 'seller' | null; language?: 'es' | 'en' } = {},
) {
  const fetchMock = mockApi({
    '/api/kyc': () => jsonResponse(status),
    '/api/kyc/onboarding/continue': () =>
      jsonResponse({ ...status, onboarding: { currentStep: 2, status: 'in_review' } }),
  });
  const rendered = renderApp(
    path,
    createTestQueryClient(
      buildSessionUser({ kycStatus: status.kycStatus, role: options.role ?? null, language: options.language ?? 'es' }),
    ),
  );
  return { ...rendered, fetchMock };
}

// The pages are lazy routes: load them once, so the first test does not spend its time importing.
beforeAll(async () => {
  await Promise.all([import('./kyc-pending'), import('./kyc-retry'), import('./onboarding'), import('./mode-select')]);
});

describe('/kyc-cuenta/pendiente', () => {
  it('tells a company with no document uploaded that documents are missing, and links to /onboarding', async () => {
    renderAs('/kyc-cuenta/pendiente', NOTHING_UPLOADED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Faltan documentos' })).toBeInTheDocument();
    expect(screen.queryByText(/Estamos revisando/)).not.toBeInTheDocument();
    expect(within(screen.getByTestId('kyc-missing-documents')).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Ir a la carga de documentos' })).toHaveAttribute('href', '/onboarding');
  });

  it('says so in English too', async () => {
    await setLanguage('en');
    renderAs('/kyc-cuenta/pendiente', NOTHING_UPLOADED, { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents missing' })).toBeInTheDocument();
    expect(screen.queryByText(/We are reviewing/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to document upload' })).toHaveAttribute('href', '/onboarding');
  });

  it('asks a company whose documents are uploaded but not sent to send them', async () => {
    renderAs('/kyc-cuenta/pendiente', UPLOADED_NOT_SENT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentos sin enviar' })).toBeInTheDocument();
    expect(screen.queryByText(/Estamos revisando/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviar a revisión' })).toHaveAttribute('href', '/onboarding');
  });

  it('shows the review message, up to 48 business hours, once the documents were sent', async () => {
    renderAs('/kyc-cuenta/pendiente', SENT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verificación en curso' })).toBeInTheDocument();
    expect(
      screen.getByText('Estamos revisando los documentos de tu empresa. La verificación toma hasta 48 horas hábiles.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir a la carga de documentos' })).not.toBeInTheDocument();
  });

  it('sends an approved company on to the app', async () => {
    const { router } = renderAs('/kyc-cuenta/pendiente', APPROVED);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mode-select'));
  });
});

describe('/kyc-cuenta/reintentar', () => {
  it('never tells a pending company it was rejected: it goes to the page that says what is missing', async () => {
    const { router } = renderAs('/kyc-cuenta/reintentar', NOTHING_UPLOADED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Faltan documentos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc-cuenta/pendiente');
    expect(screen.queryByText('Verificación rechazada')).not.toBeInTheDocument();
    expect(screen.queryByText('No se indicó un motivo.')).not.toBeInTheDocument();
  });

  it('shows a rejected company the reason and the rejected documents, with the retry button', async () => {
    renderAs('/kyc-cuenta/reintentar', REJECTED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verificación rechazada' })).toBeInTheDocument();
    expect(screen.getByTestId('kyc-reject-reason')).toHaveTextContent('La razón social no coincide con el registro');
    expect(screen.getByText(/Referencia bancaria — Motivo: La referencia tiene más de tres meses/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reintentar' })).toHaveAttribute('href', '/kyc-cuenta');
  });

  it('sends an approved company on to the app', async () => {
    const { router } = renderAs('/kyc-cuenta/reintentar', APPROVED, { role: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mode-select'));
  });
});

describe('/onboarding', () => {
  it('sends the documents to review with one click', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAs('/onboarding', UPLOADED_NOT_SENT);
    await user.click(await screen.findByRole('button', { name: 'Enviar a revisión' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Revisión de cumplimiento' })).toBeInTheDocument();
    expect(screen.getByText(/La revisión toma hasta 48 horas hábiles/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar a revisión' })).not.toBeInTheDocument();
    const sends = fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/kyc/onboarding/continue'));
    expect(sends).toHaveLength(1);
  });

  it('keeps the send button disabled while a document is missing, and says why', async () => {
    renderAs('/onboarding', NOTHING_UPLOADED);
    expect(await screen.findByRole('button', { name: 'Enviar a revisión' })).toBeDisabled();
    expect(
      screen.getByText('Podrás enviar tus documentos a revisión cuando no quede ninguno pendiente ni rechazado.'),
    ).toBeInTheDocument();
  });

  it('shows a rejected company the reason and which documents were rejected and why', async () => {
    renderAs('/onboarding', REJECTED);
    const rejection = await screen.findByTestId('kyc-rejection');
    expect(within(rejection).getByRole('heading', { name: 'Tu verificación fue rechazada' })).toBeInTheDocument();
    expect(within(rejection).getByTestId('kyc-reject-reason')).toHaveTextContent(
      'La razón social no coincide con el registro',
    );
    expect(within(rejection).getByTestId('kyc-rejected-bank_reference')).toHaveTextContent(
      'Referencia bancaria — Motivo: La referencia tiene más de tres meses',
    );
    expect(within(rejection).queryByTestId('kyc-rejected-tax_certificate')).not.toBeInTheDocument();
  });

  it('shows the rejection in English too', async () => {
    await setLanguage('en');
    renderAs('/onboarding', REJECTED, { language: 'en' });
    const rejection = await screen.findByTestId('kyc-rejection');
    expect(within(rejection).getByRole('heading', { name: 'Your verification was rejected' })).toBeInTheDocument();
    expect(within(rejection).getByTestId('kyc-rejected-bank_reference')).toHaveTextContent(
      'Bank reference — Reason: La referencia tiene más de tres meses',
    );
  });
});
