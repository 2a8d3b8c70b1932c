import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export function useSubscribe() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<{ message: string }>('/api/newsletter', { method: 'POST', json: { email } }),
  });
}
