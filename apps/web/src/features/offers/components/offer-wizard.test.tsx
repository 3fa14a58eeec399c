import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { isoDateInDays } from '@tradeops/shared';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { EMPTY_OFFER, OFFER_DRAFT_STORAGE_KEY, type OfferFormValues } from '../hooks/use-offer-draft';
import { OfferWizard } from './offer-wizard';

afterEach(() => window.sessionStorage.clear());

/** A draft the wizard saved at `step`: a coffee offer with its product and volume filled in, `values` on top. */
function saveDraft(step: number, values: Partial<OfferFormValues> = {}) {
  window.sessionStorage.setItem(
    OFFER_DRAFT_STORAGE_KEY,
    JSON.stringify({
      step,
      values: {
        ...EMPTY_OFFER,
        productName: 'Café verde',
        productCategory: 'coffee',
        type: 'export',
        description: 'Lavado.',
        originCountry: 'CO',
        destinationCountry: 'ES',
        arrivalPort: 'Valencia',
        totalTons: '20',
        minVolume: '5',
        maxPerParticipantTons: '10',
        priceUsd: '5000',
        namedPlace: 'Valencia',
        shipmentFrom: isoDateInDays(18),
        shipmentTo: isoDateInDays(25),
        qualitySpecification: 'Excelso, malla 15+',
        ...values,
      },
    }),
  );
}

describe('OfferWizard', () => {
  it('checks each step with the shared schema before moving on, and keeps the draft in sessionStorage', async () => {
    renderWithProviders(<OfferWizard />);
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getAllByText('Este campo es requerido').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 2, name: /Producto/ })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Nombre del producto'), 'Café verde');
    await waitFor(() =>
      expect(JSON.parse(window.sessionStorage.getItem(OFFER_DRAFT_STORAGE_KEY) ?? '{}')).toMatchObject({
        values: { productName: 'Café verde' },
        step: 0,
      }),
    );
  });

  it('restores a saved draft at its step, refuses a minimum above the total, and sends one multipart request', async () => {
    saveDraft(1, { minVolume: '25' });
    let sent: FormData | null = null;
    mockApi({
      '/api/offers': (_url, init) => {
        sent = init?.body as FormData;
        return jsonResponse({ id: '4f6b1d4e-8a53-4c1e-9a0e-0c3f7a2b9d11' }, 201);
      },
    });
    renderWithProviders(<OfferWizard />);
    expect(screen.getByRole('heading', { level: 2, name: /Volumen y precio/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Volumen total (t)')).toHaveValue(20);
    expect(screen.getByTestId('offer-total')).toHaveTextContent('$100,000');

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('El volumen mínimo no puede superar el volumen total')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Volumen mínimo por participante (t)'));
    await userEvent.type(screen.getByLabelText('Volumen mínimo por participante (t)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    // The wizard moves focus to the new step's heading on the next frame: wait for it, as a person
    // does, or a late frame (a busy machine) takes the focus away in the middle of the typing below.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /Fechas/ })).toHaveFocus());

    await userEvent.type(screen.getByLabelText('Fecha límite para participar'), isoDateInDays(10));
    await userEvent.type(screen.getByLabelText('Salida estimada'), isoDateInDays(20));
    await userEvent.type(screen.getByLabelText('Llegada estimada'), isoDateInDays(40));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    // The fourth step: the trade terms (the draft's, CIF by default with the seller insuring 110 %).
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: /Condiciones comerciales/ })).toHaveFocus(),
    );
    expect(screen.getByLabelText('Incoterm 2020')).toHaveValue('CIF');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar oferta' }));

    expect(await screen.findByText('¡Oferta enviada!')).toBeInTheDocument();
    const data = JSON.parse(String((sent as FormData | null)?.get('data')));
    expect(data).toMatchObject({ productName: 'Café verde', totalTons: 20, minVolume: 5, priceUsd: 5000 });
    expect(data).toMatchObject({
      incoterm: 'CIF',
      namedPlace: 'Valencia',
      insurancePayer: 'seller',
      insuredPercent: 110,
    });
    expect(data.title).toBeUndefined();
    // The emptied draft is saved by an effect, after the render that shows the confirmation.
    await waitFor(() => expect(window.sessionStorage.getItem(OFFER_DRAFT_STORAGE_KEY)).not.toContain('Café verde'));
  });

  it('shows the spec’s message when creating fails', async () => {
    saveDraft(3, {
      deadline: isoDateInDays(10),
      expectedDeparture: isoDateInDays(20),
      expectedArrival: isoDateInDays(40),
    });
    mockApi({
      '/api/offers': () => jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'Error interno.' } }, 500),
    });
    renderWithProviders(<OfferWizard />);
    await userEvent.click(screen.getByRole('button', { name: 'Publicar oferta' }));
    expect(await screen.findByText('Error al crear la oferta. Por favor intente nuevamente.')).toBeInTheDocument();
    // The draft stays for another try.
    expect(window.sessionStorage.getItem(OFFER_DRAFT_STORAGE_KEY)).toContain('Café verde');
  });
});
