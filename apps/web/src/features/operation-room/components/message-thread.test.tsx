import { type OperationRoomMessage } from '@tradeops/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, pageResponse, renderWithProviders } from '../../../test/render';
import { MessageThread } from './message-thread';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';

function buildMessage(overrides: Partial<OperationRoomMessage> = {}): OperationRoomMessage {
  return {
    id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    body: '¿Cuándo sale el barco?',
    isFromPlatform: false,
    authorRole: 'participant',
    authorName: 'Importadora Caribe',
    isMine: false,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

describe('MessageThread', () => {
  it('says the messages could not be loaded (not that there are none), and its retry loads them', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      [`/api/operations/${OPERATION_ID}/messages`]: () => {
        calls += 1;
        return calls === 1 ? new Response('nope', { status: 500 }) : pageResponse([buildMessage()]);
      },
    });
    renderWithProviders(<MessageThread operationId={OPERATION_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los mensajes.');
    expect(screen.queryByText(/Aún no hay mensajes/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('¿Cuándo sale el barco?')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('posts the trimmed message, then empties the box', async () => {
    const posted: unknown[] = [];
    mockApi({
      [`/api/operations/${OPERATION_ID}/messages`]: (_url, init) => {
        if (init?.method !== 'POST') return pageResponse([buildMessage()]);
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(buildMessage({ body: 'El 12 de marzo', isMine: true }), 201);
      },
    });
    renderWithProviders(<MessageThread operationId={OPERATION_ID} />);
    expect(await screen.findByText('¿Cuándo sale el barco?')).toBeInTheDocument();
    const box = screen.getByLabelText('Escribe un mensaje');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();

    await userEvent.type(box, '  El 12 de marzo ');
    expect(screen.getByText('17 / 2000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(posted).toEqual([{ body: 'El 12 de marzo' }]));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it("shows the server's wait message when posting is rate limited, and keeps the text", async () => {
    mockApi({
      [`/api/operations/${OPERATION_ID}/messages`]: (_url, init) =>
        init?.method === 'POST'
          ? jsonResponse(
              {
                error: {
                  code: 'RATE_LIMITED',
                  message: 'Demasiados intentos. Espera 30 segundos e intenta nuevamente.',
                },
              },
              429,
            )
          : pageResponse([]),
    });
    renderWithProviders(<MessageThread operationId={OPERATION_ID} />);
    const box = await screen.findByLabelText('Escribe un mensaje');
    await userEvent.type(box, 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Espera 30 segundos e intenta nuevamente.',
    );
    expect(box).toHaveValue('Hola');
  });

  it('shows the latest page newest at the bottom, loads earlier messages above on request, and appends a posted one', async () => {
    const cursors: (string | null)[] = [];
    const message = (index: number, body: string) =>
      buildMessage({
        id: `7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c${String(index).padStart(2, '0')}`,
        body,
        createdAt: `2026-01-02T10:0${index}:00.000Z`,
      });
    mockApi({
      [`/api/operations/${OPERATION_ID}/messages`]: (url, init) => {
        if (init?.method === 'POST') return jsonResponse({ ...message(4, 'Recibido'), isMine: true }, 201);
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        // Newest first, as the API sends them.
        return cursor === 'earlier'
          ? pageResponse([message(1, 'Segundo'), message(0, 'Primero')], { total: 4 })
          : pageResponse([message(3, 'Cuarto'), message(2, 'Tercero')], { nextCursor: 'earlier', total: 4 });
      },
    });
    renderWithProviders(<MessageThread operationId={OPERATION_ID} />);
    expect(await screen.findByText('Cuarto')).toBeInTheDocument();
    const bodies = () =>
      [...screen.getByTestId('operation-room-messages').querySelectorAll('li p:last-child')].map((p) => p.textContent);
    expect(bodies()).toEqual(['Tercero', 'Cuarto']);
    expect(screen.getByText('Mostrando 2 de 4')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cargar mensajes anteriores' }));
    expect(await screen.findByText('Primero')).toBeInTheDocument();
    expect(bodies()).toEqual(['Primero', 'Segundo', 'Tercero', 'Cuarto']);
    expect(screen.getByText('Mostrando 4 de 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar mensajes anteriores' })).toBeNull();
    expect(cursors).toEqual([null, 'earlier']);

    await userEvent.type(screen.getByLabelText('Escribe un mensaje'), 'Recibido');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(bodies()).toEqual(['Primero', 'Segundo', 'Tercero', 'Cuarto', 'Recibido']));
    expect(screen.getByText('Mostrando 5 de 5')).toBeInTheDocument();
    expect(cursors).toEqual([null, 'earlier']);
  });
});
