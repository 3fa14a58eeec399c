import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { buildOperation, renderWithProviders } from '../../../test/render';
import { OperationCard } from './operation-card';

const NOW = new Date('2025-02-01T12:00:00.000Z');
const milkPowder = buildOperation();

describe('OperationCard', () => {
  it('shows the seeded milk-powder deal with Spanish formatting', () => {
    renderWithProviders(<OperationCard operation={milkPowder} now={NOW} />);
    const card = screen.getByRole('article', { name: milkPowder.title });

    expect(within(card).getByRole('heading', { level: 3, name: milkPowder.title })).toBeInTheDocument();
    expect(within(card).getByText('Lácteos')).toBeInTheDocument();
    expect(within(card).getByText('De Uruguay a Venezuela')).toBeInTheDocument();
    expect(within(card).getByText('Precio por tonelada')).toBeInTheDocument();
    // Spanish writes the currency after the amount and does not group four digits.
    expect(within(card).getByText('$4,300')).toBeInTheDocument();
    expect(within(card).getByText('15 t disponibles')).toBeInTheDocument();
    expect(within(card).getByText('de 25 t')).toBeInTheDocument();
    expect(within(card).getByText('30 días')).toBeInTheDocument();
    expect(within(card).getByText('Activa')).toBeInTheDocument();
    expect(within(card).getByText('Importación')).toBeInTheDocument();
    expect(within(card).getByText('Mínimo por participante: 5 t')).toBeInTheDocument();

    const bar = within(card).getByRole('progressbar', { name: 'Volumen asignado' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '25');
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(bar.getAttribute('aria-valuetext')).toMatch(/^10 de 25 t asignadas \(40\s?%\)$/);

    const link = within(card).getByRole('link', { name: `Ver detalles: ${milkPowder.title}` });
    expect(link).toHaveAttribute('href', `/operation/${milkPowder.id}`);
  });

  it('formats the same deal for English readers', async () => {
    await setLanguage('en');
    const large = buildOperation({ totalTons: 12_500, availableTons: 2_500, priceUsd: 4300, type: 'export' });
    renderWithProviders(<OperationCard operation={large} now={NOW} />);
    const card = screen.getByRole('article', { name: large.title });

    expect(within(card).getByText('From Uruguay to Venezuela')).toBeInTheDocument();
    expect(within(card).getByText('Price per ton')).toBeInTheDocument();
    expect(within(card).getByText('$4,300')).toBeInTheDocument();
    expect(within(card).getByText('2,500 t available')).toBeInTheDocument();
    expect(within(card).getByText('of 12,500 t')).toBeInTheDocument();
    expect(within(card).getByText('30 days')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('Export')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Allocated volume' })).toHaveAttribute(
      'aria-valuetext',
      '10,000 of 12,500 t allocated (80%)',
    );
    expect(within(card).getByRole('link', { name: `View details: ${large.title}` })).toBeInTheDocument();
  });

  it('counts the last day, a passed deadline and a missing one', () => {
    const deadlines = ['2025-02-02T12:00:00.000Z', '2025-02-01T18:00:00.000Z', '2025-01-01T00:00:00.000Z', null];
    renderWithProviders(
      <>
        {deadlines.map((deadline, index) => (
          <OperationCard
            key={index}
            operation={buildOperation({ id: `a0000000-0000-4000-8000-00000000000${index}`, deadline })}
            now={NOW}
          />
        ))}
      </>,
    );
    expect(screen.getByText('1 día')).toBeInTheDocument();
    expect(screen.getByText('Menos de 24 h')).toBeInTheDocument();
    expect(screen.getByText('Plazo cerrado')).toBeInTheDocument();
    expect(screen.getByText('Sin fecha límite')).toBeInTheDocument();
  });

  it('shows a country code it has no name for rather than a raw catalog key', () => {
    renderWithProviders(<OperationCard operation={buildOperation({ destinationCountry: 'NZ' })} now={NOW} />);
    expect(screen.getByText('De Uruguay a NZ')).toBeInTheDocument();
  });
});
