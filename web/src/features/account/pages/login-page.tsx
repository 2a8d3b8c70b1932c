import { passwordLoginBody } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { FormField, fieldErrors } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { usePasswordLogin } from '../api.ts';
import { isAdminPath, redirectTarget, withRedirect } from '../redirect-target.ts';
import { readLoginNotice } from '../sign-out.ts';
import { useUserInfo } from '../session-store.ts';
import styles from './account.module.css';

/** /login?redirect=: phone number and password, or a one-time code instead. */
export function LoginPage() {
  usePageTitle('Sign In | Rudraksha Ratna');
  const user = useUserInfo();
  const [searchParams] = useSearchParams();
  const notice = readLoginNotice(useLocation().state);
  const redirect = searchParams.get('redirect');
  const target = redirectTarget(redirect);

  // A customer sent here from an admin page stays, so they can sign in with an admin account.
  if (user && (user.isAdmin || !isAdminPath(target))) return <Navigate to={target} replace />;
  return (
    <div className={`container page ${styles.narrow}`}>
      <h1>Sign In</h1>
      {notice && (
        <Message variant="danger">
          {notice}
          <br />
          Your session has ended. Please sign in again.
        </Message>
      )}
      {user && (
        <Message>
          You are signed in as {user.name}, which is not an admin account. Sign in with an admin account to open that
          page.
        </Message>
      )}
      <LoginForm redirect={redirect} />
    </div>
  );
}

function LoginForm({ redirect }: { redirect: string | null }) {
  const login = usePasswordLogin();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordLoginBody.safeParse({ phone, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  };

  return (
    <div className={`card ${styles.panel}`}>
      {login.isError && <Message variant="danger">{login.error.message}</Message>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField
          label="Phone Number"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="10-digit mobile number"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
          maxLength={20}
          required
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <button type="submit" className="btn btn-block" disabled={login.isPending}>
          Sign In
        </button>
      </form>
      <div className={styles.alternatives}>
        <p>
          Forgot your password or prefer not to type it?{' '}
          <Link to={withRedirect('/verifyotp', redirect, { phone: phone.trim() })}>Sign in with a one-time code</Link>
        </p>
        <p>
          New Customer? <Link to={withRedirect('/register', redirect)}>Register</Link>
        </p>
      </div>
    </div>
  );
}
