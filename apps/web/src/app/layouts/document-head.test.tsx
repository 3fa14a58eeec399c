import en from '@tradeops/shared/i18n/en.json';
import es from '@tradeops/shared/i18n/es.json';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../test/render';

function metaDescription(): string | null | undefined {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content');
}

describe('document head', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('es'));
  });

  it('gives each page its title and description from the shared page table, on every navigation', async () => {
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'Nosotros' });
    await waitFor(() => expect(document.title).toBe('Nosotros · TradeOps'));
    expect(metaDescription()).toBe(es.seo.descriptions.about);

    await act(() => router.navigate('/contact'));
    await waitFor(() => expect(document.title).toBe('Contacto · TradeOps'));
    expect(metaDescription()).toBe(es.seo.descriptions.contact);
  }, 20_000);

  it('shows the page in the language its address names (?lang=en)', async () => {
    renderApp('/about?lang=en');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('About us · TradeOps'));
    expect(metaDescription()).toBe(en.seo.descriptions.about);
    expect(document.documentElement.lang).toBe('en');
  }, 20_000);
});
