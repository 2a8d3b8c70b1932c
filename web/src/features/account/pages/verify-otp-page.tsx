import { normalizeIndianMobile, resendOtpBody } from '@rr/core';
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
  usePageTitle('Verify OTP | Rudraksha Ratna');
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
      <h1>Verify OTP</h1>
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
              <Link to={withRedirect('/verifyotp', redirect)}>Use a different phone number</Link>
            </p>
          )}
          <p>
            Know your password? <Link to={withRedirect('/login', redirect)}>Sign in with your password</Link>
          </p>
          <p>
            New Customer? <Link to={withRedirect('/register', redirect)}>Register</Link>
          </p>
        </div>
      </div>
    </div>
  );
}

function PhoneForm({ initialPhone, onPhone }: { initialPhone: string; onPhone: (phone: string) => void }) {
  const form = useSchemaForm({
    initialValues: { phone: initialPhone },
    schema: resendOtpBody,
    // A number in the link that is not a mobile number is pointed out straight away.
    checkInitialValues: initialPhone !== '',
    onSubmit: ({ phone }) => onPhone(phone),
  });
  return (
    <>
      <p className={styles.lead}>We will send a 4-digit code by SMS to the mobile number of your account.</p>
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <FormField
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="10-digit mobile number"
          maxLength={20}
          required
          {...form.field('phone')}
        />
        <Button type="submit" block>
          Send OTP
        </Button>
      </form>
    </>
  );
}
