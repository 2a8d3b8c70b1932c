import { passwordLoginBody } from '@rr/core';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { usePasswordLogin } from '../api.ts';
import { isAdminPath, signedInTarget, withRedirect } from '../redirect-target.ts';
import { roleOf, staffHome } from '../../../lib/staff-pages.ts';
import { readLoginNotice } from '../sign-out.ts';
import { useUserInfo } from '../session-store.ts';
import styles from './account.module.css';

/** /login?redirect=: phone number and password, or a one-time code instead. */
export function LoginPage() {
  const t = useT();
  const language = useLanguage();
  usePageTitle(t('account.signInTitle'));
  const user = useUserInfo();
  const [searchParams] = useSearchParams();
  const notice = readLoginNotice(useLocation().state);
  const redirect = searchParams.get('redirect');
  const target = signedInTarget(redirect, staffHome(roleOf(user)));

  // A customer sent here from an admin page stays, so they can sign in with an admin account.
  if (user && (user.isAdmin || !isAdminPath(target))) return <Navigate to={target} replace />;
  return (
    <div className={`container page ${styles.narrow}`}>
      <h1>{t('account.signIn')}</h1>
      {/* The server's words (English), then ours; a Hindi page says only its own (issue 30). */}
      {notice && (
        <Message variant="danger">
          {language === 'en' && (
            <>
              {notice}
              <br />
            </>
          )}
          {t('account.sessionEnded')}
        </Message>
      )}
      {user && <Message>{t('account.notAdmin', { name: user.name })}</Message>}
      <LoginForm redirect={redirect} />
    </div>
  );
}

function LoginForm({ redirect }: { redirect: string | null }) {
  const t = useT();
  const login = usePasswordLogin();
  const form = useSchemaForm({
    initialValues: { phone: '', password: '' },
    schema: passwordLoginBody,
    onSubmit: (body) => login.mutateAsync(body),
  });

  return (
    <div className={`card ${styles.panel}`}>
      {form.error && <Message variant="danger">{form.error}</Message>}
      <form className={styles.form} onSubmit={form.submit} noValidate>
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
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <Button type="submit" block busy={form.busy}>
          {t('account.signIn')}
        </Button>
      </form>
      <div className={styles.alternatives}>
        <p>
          {t('account.forgotPassword')}{' '}
          <Link to={withRedirect('/verifyotp', redirect, { phone: form.values.phone.trim() })}>
            {t('account.signInWithCode')}
          </Link>
        </p>
        <p>
          {t('account.newCustomer')} <Link to={withRedirect('/register', redirect)}>{t('account.register')}</Link>
        </p>
      </div>
    </div>
  );
}
