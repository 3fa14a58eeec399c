import { type ListOperationsResponse } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { OperationsBrowser } from './buyer-dashboard';

const page: ListOperationsResponse = {
  data: [
    {
      id: '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01',
      // Stored once, as the seller wrote it (the spec's "Milk Powder"): not a word to show a Spanish reader.
      product_name: 'Milk Powder',
      product_category: 'dairy',
      origin_country: 'UY',
      min_volume: 5,
      price_usd: 4300,
      status: 'active',
      title: 'Leche en polvo regular',
      destination_country: 'VE',
      total_tons: 25,
      available_tons: 15,
      deadline: null,
      image_url: null,
      type: 'import',
      created_at: '2026-11-01T10:00:00.000Z',
    },
  ],
  count: 1,
  has_more: false,
};

describe('OperationsBrowser (buyer dashboard)', () => {
  it.each([
    ['es', 'Lácteos'],
    ['en', 'Dairy'],
  ] as const)('names each deal’s product in the viewer’s language (%s)', async (language, product) => {
    await setLanguage(language);
    mockApi({ '/api/operations': () => jsonResponse(page) });
    renderWithProviders(<OperationsBrowser />);
    expect(await screen.findByRole('link', { name: 'Leche en polvo regular' })).toBeInTheDocument();
    expect(screen.getByText(product)).toBeInTheDocument();
    if (language === 'es') expect(screen.queryByText('Milk Powder')).not.toBeInTheDocument();
  });
});
