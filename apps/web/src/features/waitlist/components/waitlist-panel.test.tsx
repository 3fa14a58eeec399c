import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { WaitlistPanel } from './waitlist-panel';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';
const LINE = { lineLength: 2, isFull: true, lotStepTons: 5, minVolumeTons: 5, maxVolumeTons: 20 };
const ENTRY = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  operationId: OPERATION_ID,
  volume: 10,
  status: 'waiting',
  position: 3,
  invitedTons: null,
  invitationExpiresAt: null,
  orderId: null,
  createdAt: '2026-05-04T10:00:00.000Z',
};

describe('WaitlistPanel', () => {
  it('joins a full operation with a volume and then shows the place in line', async () => {
    const user = userEvent.setup();
    let joined: unknown = null;
    mockApi({
      [`/api/operations/${OPERATION_ID}/waitlist/mine`]: () =>
        jsonResponse({ ...LINE, entry: joined ? ENTRY : null, lineLength: joined ? 3 : 2 }),
      [`/api/operations/${OPERATION_ID}/waitlist`]: (_url, init) => {
        joined = JSON.parse(String(init?.body));
        return jsonResponse(ENTRY, 201);
      },
    });
    renderWithProviders(<WaitlistPanel operationId={OPERATION_ID} />);
    const volume = await screen.findByLabelText(i18n.t('waitlist.volumeLabel'));
    expect(volume).toHaveValue(5);
    await user.clear(volume);
    await user.type(volume, '10');
    await user.click(screen.getByRole('button', { name: i18n.t('waitlist.join') }));
    expect(await screen.findByText(i18n.t('waitlist.position', { position: 3, total: 3 }))).toBeInTheDocument();
    expect(joined).toEqual({ volume: 10 });
  });
});
