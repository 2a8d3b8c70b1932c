import { AUTH_MESSAGES, PASSWORD_MIN, registerBody } from '@rr/core';
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
  usePageTitle('Register | Rudraksha Ratna');
  const user = useUserInfo();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  if (user) return <Navigate to={redirectTarget(redirect)} replace />;
  return (
    <div className={`container page ${styles.narrow}`}>
      <h1>Register</h1>
      <RegisterForm redirect={redirect} />
    </div>
  );
}

function RegisterForm({ redirect }: { redirect: string | null }) {
  const register = useRegister();
  const form = useSchemaForm({
    initialValues: { name: '', email: '', phone: '', password: '', confirmPassword: '' },
    schema: registerBody,
    toInput: ({ confirmPassword: _, ...body }) => body,
    check: ({ password, confirmPassword }) => ({
      confirmPassword: password === confirmPassword ? undefined : AUTH_MESSAGES.passwordsDoNotMatch,
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
        <FormField label="Name" autoComplete="name" maxLength={80} required {...form.field('name')} />
        <FormField label="Email Address" type="email" autoComplete="email" required {...form.field('email')} />
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
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          required
          {...form.field('password')}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
          // The mismatch is said above the form, where both password fields can be seen.
          error={undefined}
          aria-invalid={mismatch ? true : undefined}
        />
        <Button type="submit" block busy={form.busy}>
          Register
        </Button>
      </form>
      <div className={styles.alternatives}>
        <p>
          Have an Account? <Link to={withRedirect('/login', redirect)}>Sign In</Link>
        </p>
      </div>
    </div>
  );
}
