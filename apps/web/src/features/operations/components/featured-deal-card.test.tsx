import { type FeaturedOperation } from '@tradeops/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { FeaturedDealCard, FeaturedDealView } from './featured-deal-card';

const deal: FeaturedOperation = {
  id: '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01',
  title: 'Leche en polvo regular',
  productName: 'Milk Powder',
  originCountry: 'UY',
  destinationCountry: 'VE',
  status: 'active',
  deadline: new Date(Date.now() + 30 * 86_400_000 + 30_000).toISOString(),
  participants: 2,
  maxParticipants: 5,
  partners: {
    manager: 'Atlántico Sur Trading',
    moneyArbitrage: 'Cambio Austral',
    shipping: 'Oceanic Blue Lines',
    logistics: 'Caribe Global',
  },
  totalTons: 25,
  priceUsd: 4300,
  totalPriceUsd: 107_500,
  availableTons: 15,
  arrivalPort: 'La Guaira',
  expectedArrival: '2025-02-15',
  specification: 'Regular 26% de materia grasa',
  specSheet: { version: '2.1', updatedAt: '2026-01-15T10:00:00.000Z' },
  containerTons: 25,
  minVolume: 5,
  imageUrl: null,
};

describe('FeaturedDealView', () => {
  it('shows every field of the featured card from the data', async () => {
    renderWithProviders(<FeaturedDealView deal={deal} />);
    expect(await screen.findByRole('heading', { name: 'Leche en polvo regular' })).toBeInTheDocument();
    expect(screen.getByTestId('featured-time-remaining')).toHaveTextContent('30d 0h 0m');
    expect(screen.getByText('Activa')).toBeInTheDocument();
    expect(screen.getByTestId('featured-participants')).toHaveTextContent('2 de 5');
    expect(screen.getByText('Atlántico Sur Trading')).toBeInTheDocument();
    expect(screen.getByText('Cambio Austral')).toBeInTheDocument();
    expect(screen.getByText('Oceanic Blue Lines · Caribe Global')).toBeInTheDocument();
    expect(screen.getByTestId('featured-total-volume')).toHaveTextContent('25 toneladas');
    expect(screen.getByTestId('featured-price-per-ton')).toHaveTextContent(/\$4,300/);
    expect(screen.getByTestId('featured-total-price')).toHaveTextContent(/\$107,500/);
    expect(screen.getByTestId('featured-available')).toHaveTextContent('15 toneladas');
    expect(screen.getByTestId('featured-arrival-port')).toHaveTextContent('La Guaira');
    expect(screen.getByTestId('featured-expected-arrival')).toHaveTextContent(/febrero.*2025/i);
    expect(screen.getByTestId('featured-specification')).toHaveTextContent('Regular 26% de materia grasa');
    expect(screen.getByTestId('featured-container')).toHaveTextContent('25 toneladas');
    expect(screen.getByTestId('featured-minimum')).toHaveTextContent('5 toneladas');
    // A visitor is sent to sign in first, then back to the order page.
    expect(screen.getByRole('link', { name: 'Participa ahora' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(`/operation/${deal.id}/order`)}`,
    );
    expect(screen.getByText('Detalles después de iniciar sesión')).toBeInTheDocument();
  });

  it('falls back on the uploaded sheet when the seller wrote no specification line, and says so only without one', async () => {
    const withSheet = renderWithProviders(<FeaturedDealView deal={{ ...deal, specification: null }} />);
    expect(await screen.findByTestId('featured-specification')).toHaveTextContent(
      'Ficha técnica v2.1 del 15 de enero de 2026',
    );
    withSheet.unmount();
    renderWithProviders(<FeaturedDealView deal={{ ...deal, specification: null, specSheet: null }} />);
    expect(await screen.findByTestId('featured-specification')).toHaveTextContent('Por confirmar');
  });
});

describe('FeaturedDealCard', () => {
  it('says a failed load failed (not that there is no featured deal), with a retry that loads it', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      '/api/operations/featured': () => {
        calls += 1;
        return calls === 1 ? new Response('nope', { status: 500 }) : jsonResponse(deal);
      },
    });
    renderWithProviders(<FeaturedDealCard />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar la operación destacada.');
    expect(screen.queryByText('La operación destacada no está disponible en este momento.')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Leche en polvo regular' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('says there is no featured deal when none is (404), without a retry', async () => {
    mockApi({
      '/api/operations/featured': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'No hay operación destacada.' } }, 404),
    });
    renderWithProviders(<FeaturedDealCard />);
    expect(await screen.findByText('La operación destacada no está disponible en este momento.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});
