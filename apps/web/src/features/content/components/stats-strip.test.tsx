import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders, seededStats } from '../../../test/render';
import { StatsStrip } from './stats-strip';

describe('StatsStrip', () => {
  it('shows the four platform figures, the volume in compact money', async () => {
    mockApi({ '/api/stats': () => jsonResponse(seededStats) });
    renderWithProviders(<StatsStrip />);

    const list = screen.getByRole('region', { name: 'TradeOps en cifras' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('$1 M')).toBeInTheDocument();
    expect(screen.getAllByText('19')).toHaveLength(2);
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByText('Operaciones activas')).toBeInTheDocument();
    expect(screen.getByText('Socios de confianza')).toBeInTheDocument();
    expect(list).not.toHaveAttribute('aria-busy');
  });

  it('writes the volume the English way', async () => {
    await setLanguage('en');
    mockApi({ '/api/stats': () => jsonResponse(seededStats) });
    renderWithProviders(<StatsStrip />);
    expect(await screen.findByText('$1M')).toBeInTheDocument();
    expect(screen.getByText('Monthly volume')).toBeInTheDocument();
  });

  it('falls back quietly to dashes when the figures cannot be loaded', async () => {
    mockApi({ '/api/stats': () => jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500) });
    renderWithProviders(<StatsStrip />);
    expect(await screen.findAllByText('Dato no disponible')).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
