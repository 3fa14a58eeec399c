import { useMutation } from '@tanstack/react-query';
import { type ContactRequest } from '@tradeops/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact. */
export function sendContactMessage(message: ContactRequest) {
  return apiRequest('/api/contact', (contracts) => contracts.ZContactResponse, { method: 'POST', body: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
