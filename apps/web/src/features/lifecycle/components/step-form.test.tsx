import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayIsoDate } from '@tradeops/shared';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { StepForm } from './step-form';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';
const PDF = new File(['%PDF-1.4'], 'bl-cafe.pdf', { type: 'application/pdf' });

describe('StepForm', () => {
  it('asks for the bill of lading at departure, then sends the date, notes and document in one upload', async () => {
    const sent: FormData[] = [];
    mockApi({
      [`/api/admin/operations/${OPERATION_ID}/milestones/departure`]: (_url, init) => {
        sent.push(init?.body as FormData);
        return jsonResponse({ ok: true });
      },
    });
    renderWithProviders(<StepForm operationId={OPERATION_ID} step="departure" />);
    const form = screen.getByRole('form', { name: 'Registrar: Salida' });
    const date = within(form).getByLabelText('Fecha');
    expect(date).toHaveValue(todayIsoDate());

    await userEvent.click(within(form).getByRole('button', { name: 'Registrar paso' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(i18n.t('errors.DOCUMENT_REQUIRED'));
    expect(sent).toHaveLength(0);

    await userEvent.clear(date);
    await userEvent.type(date, '2026-03-12');
    await userEvent.type(within(form).getByLabelText(/Notas/), '  Zarpó de Cartagena ');
    await userEvent.upload(within(form).getByLabelText('Conocimiento de embarque (B/L)'), PDF);
    expect(within(form).getByText('Documento elegido: bl-cafe.pdf')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar paso' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('occurredAt')).toBe('2026-03-12');
    expect(sent[0]!.get('notes')).toBe('Zarpó de Cartagena');
    expect(sent[0]!.has('result')).toBe(false);
    expect((sent[0]!.get('document') as File).name).toBe('bl-cafe.pdf');
    await waitFor(() => expect(within(form).getByLabelText(/Notas/)).toHaveValue(''));
  });

  it('needs the inspection result, and shows the server refusal', async () => {
    mockApi({
      [`/api/admin/operations/${OPERATION_ID}/milestones/inspection`]: () =>
        jsonResponse(
          { error: { code: 'LIFECYCLE_WRONG_STATUS', message: i18n.t('errors.LIFECYCLE_WRONG_STATUS') } },
          409,
        ),
    });
    renderWithProviders(<StepForm operationId={OPERATION_ID} step="inspection" />);
    const form = screen.getByRole('form', { name: 'Registrar: Inspección' });
    await userEvent.upload(within(form).getByLabelText('Informe de inspección'), PDF);
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar paso' }));
    expect(await within(form).findByText(i18n.t('lifecycle.resultRequired'))).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('radio', { name: i18n.t('lifecycle.results.passed') }));
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar paso' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(i18n.t('errors.LIFECYCLE_WRONG_STATUS'));
  });
});
