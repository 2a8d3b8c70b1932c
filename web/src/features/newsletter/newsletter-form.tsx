import { newsletterSubscription } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { useSubscribe } from './api.ts';
import styles from './newsletter-form.module.css';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const subscribe = useSubscribe();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newsletterSubscription.safeParse({ email });
    if (!parsed.success) {
      setProblem('Please enter a valid e-mail address.');
      return;
    }
    setProblem(null);
    subscribe.mutate(parsed.data.email, { onSuccess: () => setEmail('') });
  };

  const error = problem ?? (subscribe.isError ? subscribe.error.message : null);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className={styles.title}>
        Newsletter
      </h2>
      <p className={styles.lead}>New arrivals, festival offers and care tips. No spam.</p>
      <div className={styles.row}>
        <label htmlFor="newsletter-email" className="visually-hidden">
          E-mail address
        </label>
        <input
          id="newsletter-email"
          type="email"
          className={`input ${styles.input}`}
          placeholder="you@example.com"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="newsletter-status"
        />
        <button type="submit" className={`btn ${styles.button}`} disabled={subscribe.isPending}>
          Subscribe
        </button>
      </div>
      <p id="newsletter-status" className={error ? styles.error : styles.thanks} role="status">
        {error ?? (subscribe.isSuccess ? subscribe.data.message : '')}
      </p>
    </form>
  );
}
