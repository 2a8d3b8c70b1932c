import type { User } from '@rr/core';
import { LanguageSetting } from './language-setting.tsx';
import { OrderEmailsSetting } from './order-emails-setting.tsx';
import { WhatsappSetting } from './whatsapp-setting.tsx';

/** The profile's choices of how the customer hears about orders: e-mails, (issue 27) WhatsApp, and (issue 30) their language. */
export function MessageSettings({ profile }: { profile: User }) {
  return (
    <>
      <OrderEmailsSetting enabled={profile.orderEmails ?? true} />
      <WhatsappSetting enabled={profile.whatsappOptIn ?? false} />
      <LanguageSetting language={profile.language ?? 'en'} />
    </>
  );
}
