import { type ChecklistTemplatesRequest, defaultChecklist, defaultChecklistTemplates } from '@tradeops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { DocumentChecklistSettings } from './document-checklist-settings';

const URL = '/api/admin/settings/document-checklists';

/** The checklist templates' API: GET answers the saved ones, PUT saves (and records) what it was sent. */
function checklistApi(saved: ChecklistTemplatesRequest['templates'] = []) {
  const sent: ChecklistTemplatesRequest[] = [];
  let templates = saved;
  mockApi({
    [URL]: (_url, init) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as ChecklistTemplatesRequest;
        sent.push(body);
        templates = body.templates;
      }
      return jsonResponse({ templates, defaults: defaultChecklistTemplates() });
    },
  });
  return sent;
}

describe('DocumentChecklistSettings', () => {
  it('says the checklists could not be loaded, and its retry loads them', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      [URL]: () => {
        calls += 1;
        return calls === 1
          ? new Response('nope', { status: 500 })
          : jsonResponse({ templates: [], defaults: defaultChecklistTemplates() });
      },
    });
    renderWithProviders(<DocumentChecklistSettings />);
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('adminSettings.checklists.loadError'));
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('checklist-source')).toHaveTextContent(
      i18n.t('adminSettings.checklists.usingDefaults'),
    );
    expect(calls).toBe(2);
  });

  it('adds a CIF checklist for dairy from its default, edits who uploads and what it gates, and saves it', async () => {
    const user = userEvent.setup();
    const sent = checklistApi();
    renderWithProviders(<DocumentChecklistSettings />);
    expect(await screen.findByTestId('checklist-source')).toHaveTextContent(
      i18n.t('adminSettings.checklists.usingDefaults'),
    );

    await user.selectOptions(screen.getByLabelText('Producto'), 'dairy');
    await user.selectOptions(screen.getByLabelText('Incoterm'), 'CIF');
    await user.click(screen.getByRole('button', { name: 'Añadir lista' }));
    const template = screen.getByTestId('checklist-dairy/CIF');
    expect(within(template).getByText('Lácteos · CIF')).toBeInTheDocument();
    // Started from the built-in default under CIF: the seller's insurance certificate is in it.
    expect(within(template).getByText('certificado de seguro')).toBeInTheDocument();
    // The same commodity and Incoterm cannot be added twice.
    expect(screen.getByRole('button', { name: 'Añadir lista' })).toBeDisabled();

    await user.selectOptions(
      within(template).getByLabelText('Quién sube: certificado de peso (Lácteos · CIF)'),
      'logistics',
    );
    await user.selectOptions(
      within(template).getByLabelText('Qué paso habilita: certificado de peso (Lácteos · CIF)'),
      'arrival',
    );
    await user.click(within(template).getByRole('button', { name: 'Quitar certificado de seguro (Lácteos · CIF)' }));
    await user.click(screen.getByRole('button', { name: 'Guardar listas' }));

    expect(await screen.findByText('Listas de documentos guardadas.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const expected = defaultChecklist('dairy', 'CIF')
      .filter((item) => item.kind !== 'insurance_certificate')
      .map((item) =>
        item.kind === 'weight_certificate' ? { ...item, uploader: 'logistics', gates: 'arrival' } : item,
      );
    expect(sent[0]).toEqual({ templates: [{ commodity: 'dairy', incoterm: 'CIF', documents: expected }] });
  });

  it('restores the defaults by saving an empty list, in English too', async () => {
    const user = userEvent.setup();
    const sent = checklistApi([
      {
        commodity: 'coffee',
        incoterm: null,
        documents: [{ kind: 'packing_list', uploader: 'seller', gates: 'departure' }],
      },
    ]);
    // (The test setup puts the language back to Spanish afterwards.)
    await setLanguage('en');
    renderWithProviders(<DocumentChecklistSettings />);
    const template = await screen.findByTestId('checklist-coffee/');
    expect(within(template).getByText('Coffee · any Incoterm')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore the defaults' }));
    expect(await screen.findByText('The default checklists apply again.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ templates: [] }]));
    expect(screen.queryByTestId('checklist-coffee/')).not.toBeInTheDocument();
  });
});
