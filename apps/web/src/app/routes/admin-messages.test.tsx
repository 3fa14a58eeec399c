import { type ContactMessage } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, createTestQueryClient, mockApi, pageResponse, renderApp } from '../../test/render';

const admin = () => createTestQueryClient(buildSessionUser({ isAdmin: true, email: 'admin@tradeops.demo' }));

function message(index: number): ContactMessage {
  return {
    id: `0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a0${index}`,
    name: `Ana ${index}`,
    email: `ana${index}@importadora.example`,
    company: null,
    subject: `Consulta ${index}`,
    message: 'Quisiera cotizar 20 t de café para marzo.',
    language: 'es',
    createdAt: `2026-03-0${index}T10:00:00.000Z`,
  };
}

describe('admin contact messages', () => {
  it('shows a page with how many there are and loads the next one', { timeout: 20_000 }, async () => {
    const asked: string[] = [];
    mockApi({
      '/api/admin/contact-messages': (url) => {
        asked.push(url.search);
        return url.searchParams.get('cursor')
          ? pageResponse([message(1)], { total: 2 })
          : pageResponse([message(2)], { nextCursor: 'next-page', total: 2 });
      },
    });
    renderApp('/admin/messages', admin());
    expect(await screen.findByText('Consulta 2', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText('Mostrando 1 de 2')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Consulta 1')).toBeVisible();
    expect(screen.getByText('Mostrando 2 de 2')).toBeVisible();
    expect(asked.at(-1)).toContain('cursor=next-page');
  });
});
