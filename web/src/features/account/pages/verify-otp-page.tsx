import { normalizeIndianMobile, resendOtpBody } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { CodeForm } from '../components/code-form.tsx';
import type { PasswordResetState } from '../components/password-reset-notice.tsx';
import { isAdminPath, signedInTarget, withRedirect } from '../redirect-target.ts';
import { roleOf, staffHome } from '../../../lib/staff-pages.ts';
import { signedInWithPasswordReset, useUserInfo } from '../session-store.ts';
import styles from './account.module.css';

/** /verifyotp?phone=&redirect=: asks for the phone when it is missing, then sends a code and checks it. */
export function VerifyOtpPage() {
  const t = useT();
  usePageTitle(t('account.verifyTitle'));
  const user = useUserInfo();
  const [searchParams, setSearchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const target = signedInTarget(redirect, staffHome(roleOf(user)));
  const givenPhone = searchParams.get('phone') ?? '';
  const phone = normalizeIndianMobile(givenPhone);

  if (user && (user.isAdmin || !isAdminPath(target))) {
    // A code sign-in that reset the password goes to the profile, which says so and takes a new one.
    return signedInWithPasswordReset() ? (
      <Navigate to="/profile" state={{ passwordReset: true, next: target } satisfies PasswordResetState} replace />
    ) : (
      <Navigate to={target} replace />
    );
  }
  return (
    <div className={`container page ${styles.narrow}`}>
      <h1>{t('account.verifyHeading')}</h1>
      <div className={`card ${styles.panel}`}>
        {phone ? (
          <CodeForm key={phone} phone={phone} />
        ) : (
          <PhoneForm
            initialPhone={givenPhone}
            onPhone={(next) => {
              const params = new URLSearchParams({ phone: next });
              if (redirect) params.set('redirect', redirect);
              setSearchParams(params);
            }}
          />
        )}
        <div className={styles.alternatives}>
          {phone && (
            <p>
              <Link to={withRedirect('/verifyotp', redirect)}>{t('account.otherPhone')}</Link>
            </p>
          )}
          <p>
            {t('account.knowPassword')}{' '}
            <Link to={withRedirect('/login', redirect)}>{t('account.signInWithPassword')}</Link>
          </p>
          <p>
            {t('account.newCustomer')} <Link to={withRedirect('/register', redirect)}>{t('account.register')}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}

function PhoneForm({ initialPhone, onPhone }: { initialPhone: string; onPhone: (phone: string) => void }) {
  const t = useT();
  const form = useSchemaForm({
    initialValues: { phone: initialPhone },
    schema: resendOtpBody,
    // A number in the link that is not a mobile number is pointed out straight away.
    checkInitialValues: initialPhone !== '',
    onSubmit: ({ phone }) => onPhone(phone),
  });
  return (
    <>
      <p className={styles.lead}>{t('account.codeBySms')}</p>
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
        <Button type="submit" block>
          {t('account.sendOtp')}
        </Button>
      </form>
    </>
  );
}
