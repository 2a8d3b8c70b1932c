import { Message } from '../../../components/message.tsx';
import { useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { useShopContact, useWhatsappOptIn } from '../api.ts';
import styles from '../pages/account.module.css';

/** '919876543210' -> '+91 98765 43210' (other lengths: '+' and the digits). */
export function displayWhatsappNumber(digits: string): string {
  const indian = /^91(\d{5})(\d{5})$/.exec(digits);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : `+${digits}`;
}

/** Issue 27: the customer may have order updates on WhatsApp too, from the shop's number. */
export function WhatsappSetting({ enabled }: { enabled: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const change = useWhatsappOptIn();
  const number = useShopContact().data?.whatsappNumber ?? null;
  const checked = change.isPending ? change.variables : enabled;
  return (
    <div className={styles.setting}>
      <label>
        <input
          type="checkbox"
          checked={checked}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />{' '}
        {t('account.whatsapp')}
      </label>
      <p className={styles.settingHint}>
        {number
          ? t('account.whatsappFrom', { number: displayWhatsappNumber(number).replace(/ /g, '\u00a0') })
          : t('account.whatsappNews')}
      </p>
      {change.isError && <Message variant="danger">{errorText(change.error)}</Message>}
    </div>
  );
}
