import { AUTH_MESSAGES, PASSWORD_MIN, registerBody } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormField, fieldErrors } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
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
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [mismatch, setMismatch] = useState(false);
  const field = (key: keyof typeof form) => ({
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      setErrors((current) => (current[key] ? { ...current, [key]: '' } : current));
      // The server's answer was about what was sent; once the form changes it no longer applies.
      if (register.isError) register.reset();
    },
    error: errors[key],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.reset();
    const { confirmPassword, ...body } = form;
    const parsed = registerBody.safeParse(body);
    const passwordsDiffer = body.password !== confirmPassword;
    setMismatch(passwordsDiffer);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (passwordsDiffer || !parsed.success) return;
    register.mutate(parsed.data);
  };

  return (
    <div className={`card ${styles.panel}`}>
      {mismatch && <Message variant="danger">{AUTH_MESSAGES.passwordsDoNotMatch}</Message>}
      {register.isError && <Message variant="danger">{register.error.message}</Message>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField label="Name" autoComplete="name" maxLength={80} required {...field('name')} />
        <FormField label="Email Address" type="email" autoComplete="email" required {...field('email')} />
        <FormField
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="10-digit mobile number"
          maxLength={20}
          required
          {...field('phone')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          required
          {...field('password')}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
          aria-invalid={mismatch || undefined}
        />
        <button type="submit" className="btn btn-block" disabled={register.isPending}>
          Register
        </button>
      </form>
      <div className={styles.alternatives}>
        <p>
          Have an Account? <Link to={withRedirect('/login', redirect)}>Sign In</Link>
        </p>
      </div>
    </div>
  );
}
