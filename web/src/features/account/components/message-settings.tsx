import type { User } from '@rr/core';
import { OrderEmailsSetting } from './order-emails-setting.tsx';
import { WhatsappSetting } from './whatsapp-setting.tsx';

/** The profile's choices of how the customer hears about orders: e-mails, and (issue 27) WhatsApp. */
export function MessageSettings({ profile }: { profile: User }) {
  return (
    <>
      <OrderEmailsSetting enabled={profile.orderEmails ?? true} />
      <WhatsappSetting enabled={profile.whatsappOptIn ?? false} />
    </>
  );
}
