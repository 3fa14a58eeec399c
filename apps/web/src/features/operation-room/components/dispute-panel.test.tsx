import { type OperationRoomResponse, type DisputeSummary, NOTHING_OUTSTANDING } from '@tradeops/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import {
  buildSessionUser,
  createTestQueryClient,
  jsonResponse,
  mockApi,
  renderWithProviders,
} from '../../../test/render';
import { DisputePanel, DisputeState } from './dispute-panel';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';

const dispute: DisputeSummary = {
  id: '9c1f3b7e-2a4d-4e6f-8a9b-0c1d2e3f4a5b',
  status: 'open',
  openedBy: 'participant',
  openedByCompany: 'Comercializadora Rioplatense S.A.',
  openedAt: '2026-03-03T12:00:00.000Z',
  reason: 'La carga llegó húmeda.',
  decision: null,
  decisionReason: null,
  decidedAt: null,
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

function room(overrides: Partial<OperationRoomResponse> = {}): OperationRoomResponse {
  return {
    operation: {
      id: OPERATION_ID,
      title: 'Leche en polvo regular',
      productName: 'Milk Powder',
      originCountry: 'UY',
      destinationCountry: 'VE',
      arrivalPort: 'La Guaira',
      status: 'arrived',
      totalTons: 25,
      allocatedTons: 25,
      availableTons: 0,
      participants: 3,
      expectedDeparture: '2026-02-01',
      expectedArrival: '2026-03-01',
    },
    milestones: [],
    order: null,
    viewerRole: 'participant',
    dispute: null,
    disputeWindow: { canOpen: true, canAddEvidence: false, closesAt: '2026-03-10T00:00:00.000Z' },
    outstanding: { ...NOTHING_OUTSTANDING },
    ...overrides,
  };
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('dispute evidence: several files per upload', () => {
  it(
    'takes several files at once, names those it leaves out, lets each be removed, and sends them in one request',
    { timeout: 20_000 },
    async () => {
      // A dropped file skips the picker's type filter: the form checks it itself.
      const user = userEvent.setup({ applyAccept: false });
      const sent: string[][] = [];
      mockApi({
        [`/api/operations/${OPERATION_ID}/disputes`]: (_url, init) => {
          sent.push((init?.body as FormData).getAll('evidence').map((file) => (file as File).name));
          return jsonResponse({ disputeId: dispute.id }, 201);
        },
      });
      renderWithProviders(<DisputePanel room={room()} />, { queryClient: createTestQueryClient(buildSessionUser()) });
      await user.click(await screen.findByRole('button', { name: 'Abrir disputa' }));
      const input = screen.getByLabelText('Archivos de evidencia');
      expect(input).toHaveAttribute('multiple');

      await user.upload(input, [pdf('acta.pdf'), pdf('fotos.pdf'), new File(['x'], 'nota.txt')]);
      const chosen = screen.getByTestId('dispute-chosen-files');
      expect(chosen).toHaveTextContent('Archivos elegidos: 2 de 5');
      expect(chosen).toHaveTextContent('acta.pdf');
      expect(chosen).toHaveTextContent('fotos.pdf');
      expect(screen.getByRole('alert')).toHaveTextContent('«nota.txt» no es un PDF, JPG ni PNG: no se añadió.');

      // Past the dispute's five files, the rest are left out and the page says so.
      await user.upload(
        input,
        ['a', 'b', 'c', 'd'].map((name) => pdf(`${name}.pdf`)),
      );
      expect(chosen).toHaveTextContent('Archivos elegidos: 5 de 5');
      expect(screen.getByRole('alert')).toHaveTextContent('Solo caben 5 archivos: los demás quedaron fuera.');
      expect(input).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Quitar fotos.pdf' }));
      expect(chosen).toHaveTextContent('Archivos elegidos: 4 de 5');
      expect(input).toBeEnabled();

      await user.type(screen.getByLabelText('¿Qué pasó?'), 'La carga llegó húmeda.');
      await user.click(screen.getByRole('button', { name: 'Enviar disputa' }));
      await waitFor(() => expect(sent).toEqual([['acta.pdf', 'a.pdf', 'b.pdf', 'c.pdf']]));
    },
  );

  it('offers an open dispute only the files it still takes', async () => {
    const withFiles = {
      ...dispute,
      evidence: ['1', '2', '3'].map((n) => ({
        id: `9c1f3b7e-2a4d-4e6f-8a9b-0c1d2e3f4a5${n}`,
        fileName: `prueba-${n}.pdf`,
        sizeBytes: 1024,
        uploadedBy: 'Importadora Andina',
        createdAt: '2026-03-03T12:00:00.000Z',
      })),
    };
    renderWithProviders(
      <DisputePanel
        room={room({
          dispute: withFiles,
          disputeWindow: { canOpen: false, canAddEvidence: true, closesAt: '2026-03-10T00:00:00.000Z' },
        })}
      />,
      { queryClient: createTestQueryClient(buildSessionUser()) },
    );
    expect(
      await screen.findByText(
        'La disputa sigue abierta: puedes añadir hasta 2 archivos más de evidencia (PDF, JPG o PNG).',
      ),
    ).toBeInTheDocument();
  });
});
