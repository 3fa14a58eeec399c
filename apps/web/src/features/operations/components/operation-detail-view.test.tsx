import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { buildOperation, jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { OperationDetailView } from './operation-detail-view';
import { buildOperationDetail } from '../../../test/operation-detail';

const operation = buildOperationDetail({
  ...buildOperation({ title: 'Leche en polvo regular' }),
  description: 'Importación agrupada de leche en polvo regular con 26% de materia grasa.',
  warehouse: 'Almacén LogiPuerto, La Guaira',
  specification: 'Regular 26% de materia grasa',
  expectedDeparture: '2025-01-10',
  expectedArrival: '2025-02-15',
  partners: [
    { role: 'manager', name: 'Atlántico Sur Trading S.A.', country: 'UY' },
    { role: 'money_arbitrage', name: 'Cambio Austral Brokers S.A.', country: 'UY' },
  ],
  specSheet: {
    version: '2.1',
    updatedAt: '2025-01-02T10:00:00.000Z',
    fileName: 'Milk Powder Specification v2.1.pdf',
  },
  stats: { views: 41, watchers: 3, comments: 2 },
  badges: ['verified_seller', 'verified_volume', 'escrow_protected'],
  similar: [buildOperation({ id: '6b1c9f9e-0d0a-4a6a-8d1e-1f2e3d4c5b6a', title: 'Leche en polvo entera' })],
});

const track = {
  completedOperations: 3,
  tonsDelivered: 1_250,
  arrivals: 4,
  onTimeArrivals: 3,
  disputedOperations: 1,
  isNewSeller: false,
};

describe('OperationDetailView', () => {
  it("shows the seller's track record as the server computed it, in Spanish and English", async () => {
    renderWithProviders(<OperationDetailView operation={{ ...operation, sellerRecord: track }} />);
    const record = await screen.findByTestId('seller-track-record');
    expect(record).toHaveTextContent('Historial del vendedor');
    expect(record).toHaveTextContent('Operaciones completadas3');
    expect(record).toHaveTextContent('Toneladas entregadas1,250 toneladas');
    expect(record).toHaveTextContent('Llegadas a tiempo3 de 4');
    expect(record).toHaveTextContent('Operaciones con disputa1');
    expect(record).not.toHaveTextContent('Vendedor nuevo');
    await setLanguage('en');
    expect(await screen.findByText('Seller track record')).toBeInTheDocument();
    expect(record).toHaveTextContent('On-time arrivals3 of 4');
    expect(record).toHaveTextContent('Tons delivered1,250 tons');
  });

  it('calls a seller without history a new seller, with no figures', async () => {
    renderWithProviders(<OperationDetailView operation={operation} />);
    const record = await screen.findByTestId('seller-track-record');
    expect(record).toHaveTextContent('Vendedor nuevo');
    expect(record).not.toHaveTextContent('Operaciones completadas');
  });

  it('shows every element of the detail page', async () => {
    renderWithProviders(<OperationDetailView operation={operation} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Leche en polvo regular' })).toBeInTheDocument();
    expect(screen.getAllByText('De Uruguay a Venezuela').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Descargar especificación' })).toBeInTheDocument();
    expect(screen.getByText(/Versión 2\.1 · actualizada el 2 de enero de 2025/)).toBeInTheDocument();
    expect(screen.getByTestId('detail-views')).toHaveTextContent('41');
    expect(screen.getByTestId('detail-watchers')).toHaveTextContent('3');
    expect(screen.getByTestId('detail-comments')).toHaveTextContent('2');
    expect(screen.getByRole('heading', { name: 'Acerca de la operación' })).toBeInTheDocument();
    expect(screen.getByText(operation.description)).toBeInTheDocument();
    expect(screen.getByText('Atlántico Sur Trading S.A.')).toBeInTheDocument();
    expect(screen.getByText('Arbitraje de divisas')).toBeInTheDocument();
    expect(screen.getByTestId('detail-investment')).toHaveTextContent('$107,500');
    expect(screen.getByRole('link', { name: 'Participa Ahora' })).toHaveAttribute(
      'href',
      `/operation/${operation.id}/order`,
    );
    expect(screen.getByRole('link', { name: 'Hacer una oferta' })).toHaveAttribute(
      'href',
      `/make-offer?from=${operation.id}`,
    );
    for (const badge of ['Vendedor verificado', 'Volumen verificado en la inspección', 'Pago protegido en escrow']) {
      expect(screen.getByText(badge)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Operaciones similares' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Leche en polvo entera' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver al inicio/ })).toHaveAttribute('href', '/');
  });

  it('offers no order button to the operation’s own seller, and says why', async () => {
    renderWithProviders(<OperationDetailView operation={{ ...operation, isOwnOperation: true }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Leche en polvo regular' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Participa Ahora' })).not.toBeInTheDocument();
    expect(screen.getByTestId('detail-own-operation')).toHaveTextContent(
      'Publicaste esta operación, así que no puedes participar en ella como comprador.',
    );
  });

  it('toggles Watch through the API and shows the new count', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [`/api/operations/${operation.id}/watch`]: (_url, init) =>
        jsonResponse({ isWatching: init?.method === 'PUT', watchers: init?.method === 'PUT' ? 4 : 3 }),
    });
    renderWithProviders(<OperationDetailView operation={operation} />);
    const watch = await screen.findByRole('button', { name: 'Seguir' });
    expect(watch).toHaveAttribute('aria-pressed', 'false');
    await user.click(watch);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true);
  });

  it('says the download failed in the spec words', async () => {
    const user = userEvent.setup();
    mockApi({ [`/api/operations/${operation.id}/spec`]: () => new Response('nope', { status: 500 }) });
    renderWithProviders(<OperationDetailView operation={operation} />);
    await user.click(await screen.findByRole('button', { name: 'Descargar especificación' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos descargar la ficha técnica. Intenta más tarde.',
    );
  });

  it("says what is true of a seller's brand-new deal: the sheet's version for its specification, no empty partners, only the badges the data gives", async () => {
    renderWithProviders(
      <OperationDetailView
        operation={{
          ...operation,
          specification: null,
          warehouse: null,
          partners: [],
          specSheet: { version: '1.0', updatedAt: '2026-11-26T08:20:32.915Z', fileName: 'ficha.pdf' },
          badges: ['verified_seller', 'escrow_protected'],
        }}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Leche en polvo regular' })).toBeInTheDocument();
    const specification = screen.getByText('Especificación', { selector: 'dt' }).nextElementSibling;
    expect(specification).toHaveTextContent('Ficha técnica v1.0 del 26 de noviembre de 2026');
    expect(screen.getByText(/Versión 1\.0 · actualizada el 26 de noviembre de 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Socios de la operación' })).not.toBeInTheDocument();
    expect(screen.getByTestId('detail-badges')).toHaveTextContent('Vendedor verificado');
    expect(screen.queryByText(/Volumen verificado/)).not.toBeInTheDocument();
  });

  it('shows no verifications box when nothing is verified', async () => {
    renderWithProviders(<OperationDetailView operation={{ ...operation, badges: [] }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Leche en polvo regular' })).toBeInTheDocument();
    expect(screen.queryByText('Verificaciones')).not.toBeInTheDocument();
  });
});
