import { useT } from '../i18n/index.tsx';
import type { ShopContact } from '@rr/core';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client.ts';
import styles from './whatsapp-chat.module.css';

/** GET /api/config/contact (issue 27): the shop's WhatsApp number, digits with the country code, or null. */
export function useShopContact() {
  return useQuery({
    queryKey: ['config', 'contact'] as const,
    queryFn: () => apiFetch<ShopContact>('/api/config/contact'),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

/**
 * WhatsApp's click-to-chat link: https://wa.me/<number in international form, digits only>?text=<URL-encoded
 * text> opens a chat with the number and the text typed in (WhatsApp's "Use click to chat" help page).
 */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** "Chat on WhatsApp" with `text` typed in, when the shop has a WhatsApp number; nothing otherwise. */
export function WhatsAppChat({ text }: { text: string }) {
  const contact = useShopContact();
  const t = useT();
  const number = contact.data?.whatsappNumber;
  if (!number) return null;
  return (
    <a className={styles.chat} href={whatsappLink(number, text)} target="_blank" rel="noopener noreferrer">
      {t('layout.whatsapp')}
    </a>
  );
}
