import { Message } from '../../../components/message.tsx';
import { useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { useOrderEmails } from '../api.ts';
import styles from '../pages/account.module.css';

/** PRODUCT.md "Order messages": the customer may turn order e-mails off; order SMS always go. */
export function OrderEmailsSetting({ enabled }: { enabled: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const change = useOrderEmails();
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
        {t('account.orderEmails')}
      </label>
      <p className={styles.settingHint}>{t('account.orderSmsAlways')}</p>
      {change.isError && <Message variant="danger">{errorText(change.error)}</Message>}
    </div>
  );
}
