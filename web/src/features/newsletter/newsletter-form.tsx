import { useLanguage, useT } from '../../i18n/index.tsx';
import { newsletterSubscription } from '@rr/core';
import { Button } from '../../components/button.tsx';
import { useSchemaForm } from '../../components/use-schema-form.ts';
import { useSubscribe } from './api.ts';
import styles from './newsletter-form.module.css';
import { useEarlyForm } from '../../lib/early-form.ts';

export function NewsletterForm() {
  const earlyForm = useEarlyForm();
  const subscribe = useSubscribe();
  const t = useT();
  const language = useLanguage();
  const form = useSchemaForm({
    initialValues: { email: '' },
    schema: newsletterSubscription,
    check: ({ email }) => ({
      // One plain sentence for any address the schema refuses, in the line under the box.
      email: newsletterSubscription.safeParse({ email }).success ? undefined : t('newsletter.invalid'),
    }),
    onSubmit: ({ email }) => subscribe.mutateAsync(email),
    clearAfterSubmit: true,
  });

  const error = form.errors.email ?? form.error;
  return (
    <form ref={earlyForm} className={styles.form} onSubmit={form.submit} noValidate aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className={styles.title}>
        {t('newsletter.title')}
      </h2>
      <p className={styles.lead}>{t('newsletter.lead')}</p>
      <div className={styles.row}>
        <label htmlFor="newsletter-email" className="visually-hidden">
          {t('newsletter.email')}
        </label>
        <input
          id="newsletter-email"
          type="email"
          className={`input ${styles.input}`}
          placeholder="you@example.com"
          autoComplete="email"
          value={form.values.email}
          onChange={(e) => form.setValue('email', e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="newsletter-status"
        />
        <Button type="submit" className={styles.button} busy={form.busy}>
          {t('newsletter.subscribe')}
        </Button>
      </div>
      <p id="newsletter-status" className={error ? styles.error : styles.thanks} role="status">
        {error ?? (subscribe.isSuccess ? (language === 'en' ? subscribe.data.message : t('newsletter.thanks')) : '')}
      </p>
    </form>
  );
}
