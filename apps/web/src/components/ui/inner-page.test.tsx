import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InnerPage } from './inner-page';

describe('InnerPage', () => {
  it('puts the way back above the one h1 and its line of context, then the content', () => {
    render(
      <MemoryRouter>
        <InnerPage
          back={{ to: '/admin/kyc', label: 'Volver a la revisión KYC' }}
          title="Empresas"
          description="Por revisar"
        >
          <p>Café Norte</p>
        </InnerPage>
      </MemoryRouter>,
    );
    const back = screen.getByRole('link', { name: '← Volver a la revisión KYC' });
    expect(back).toHaveAttribute('href', '/admin/kyc');
    const heading = screen.getByRole('heading', { level: 1, name: 'Empresas' });
    expect(back.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Por revisar')).toBeInTheDocument();
    expect(screen.getByText('Café Norte')).toBeInTheDocument();
  });

  it('has no way back unless given one', () => {
    render(
      <MemoryRouter>
        <InnerPage title="Configuración">
          <p>Perfil</p>
        </InnerPage>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
  });
});
