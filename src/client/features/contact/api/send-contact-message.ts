import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../shared/contact';
import { api, apiRequest } from '../../../lib/api-client';

export function sendContactMessage(message: ContactMessage) {
  return apiRequest(api.contact.$post({ json: message }));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
