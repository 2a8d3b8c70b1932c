import { PASSWORD_MIN, registerBody } from '@rr/core';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useRegister } from '../api.ts';
import { redirectTarget, withRedirect } from '../redirect-target.ts';
import { useUserInfo } from '../session-store.ts';
import styles from './account.module.css';

/** /register?redirect=: creating the account signs the customer in (SPEC §4). */
export function RegisterPage() {
  const t = useT();
  usePageTitle(t('account.registerTitle'));
  const user = useUserInfo();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  if (user) return <Navigate to={redirectTarget(redirect)} replace />;
  return (
    <div className={`container page ${styles.narrow}`}>
      <h1>{t('account.register')}</h1>
      <RegisterForm redirect={redirect} />
    </div>
  );
}

function RegisterForm({ redirect }: { redirect: string | null }) {
  const t = useT();
  const language = useLanguage();
  const register = useRegister();
  const form = useSchemaForm({
    initialValues: { name: '', email: '', phone: '', password: '', confirmPassword: '' },
    schema: registerBody,
    // Issue 30: the account keeps the language of the page it was made on (its messages' language).
    toInput: ({ confirmPassword: _, ...body }) => ({ ...body, language }),
    check: ({ password, confirmPassword }) => ({
      confirmPassword: password === confirmPassword ? undefined : t('account.passwordsDoNotMatch'),
    }),
    // The server's answer was about what was sent; once the form changes it no longer applies.
    clearServerErrorOnEdit: true,
    onSubmit: (body) => register.mutateAsync(body),
  });
  const mismatch = form.errors.confirmPassword;

  return (
    <div className={`card ${styles.panel}`}>
      {mismatch && <Message variant="danger">{mismatch}</Message>}
      {form.error && <Message variant="danger">{form.error}</Message>}
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <FormField label={t('account.name')} autoComplete="name" maxLength={80} required {...form.field('name')} />
        <FormField label={t('account.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <FormField
          label={t('account.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('account.phonePlaceholder')}
          maxLength={20}
          required
          {...form.field('phone')}
        />
        <FormField
          label={t('account.password')}
          type="password"
          autoComplete="new-password"
          hint={t('account.passwordHint', { min: PASSWORD_MIN })}
          required
          {...form.field('password')}
        />
        <FormField
          label={t('account.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
          // The mismatch is said above the form, where both password fields can be seen.
          error={undefined}
          aria-invalid={mismatch ? true : undefined}
        />
        <Button type="submit" block busy={form.busy}>
          {t('account.register')}
        </Button>
      </form>
      <div className={styles.alternatives}>
        <p>
          {t('account.haveAccount')} <Link to={withRedirect('/login', redirect)}>{t('account.signIn')}</Link>
        </p>
      </div>
    </div>
  );
}
