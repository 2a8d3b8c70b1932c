import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@rr/core';
import { Message } from '../../../components/message.tsx';
import { useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { useMessageLanguage } from '../api.ts';
import styles from '../pages/account.module.css';

/**
 * Issue 30: the language of the customer's order messages (SMS, e-mail, WhatsApp), English or Hindi,
 * whatever the language of the page; the label says it in both so either reader finds it.
 */
export function LanguageSetting({ language }: { language: Language }) {
  const t = useT();
  const errorText = useErrorText();
  const change = useMessageLanguage();
  // The choice just made shows at once (and stays while the profile is read again).
  const chosen = change.isPending || change.isSuccess ? change.variables : language;
  return (
    <fieldset className={`${styles.setting} ${styles.languageSetting}`} disabled={change.isPending}>
      <legend>{t('account.messageLanguage')}</legend>
      <div className={styles.languageChoices}>
        {LANGUAGES.map((option) => (
          <label key={option} lang={option}>
            <input
              type="radio"
              name="messageLanguage"
              value={option}
              checked={chosen === option}
              onChange={() => change.mutate(option)}
            />{' '}
            {LANGUAGE_NAMES[option]}
          </label>
        ))}
      </div>
      <p className={styles.settingHint}>{t('account.messageLanguageHint')}</p>
      {change.isError && <Message variant="danger">{errorText(change.error)}</Message>}
    </fieldset>
  );
}
