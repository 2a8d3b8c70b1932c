import { Link } from 'react-router';
import { useT } from '../../../i18n/index.tsx';
import styles from './checkout-steps.module.css';

const STEPS = [
  { label: 'checkout.stepSignIn', to: '/login?redirect=shipping' },
  { label: 'checkout.stepShipping', to: '/shipping' },
  { label: 'checkout.stepPayment', to: '/payment' },
  { label: 'checkout.stepPlaceOrder', to: '/placeorder' },
] as const;

/** SPEC's step bar: steps up to `reached` are links, the current one is marked, later ones are dimmed. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  const t = useT();
  return (
    <nav aria-label={t('checkout.steps')} className={styles.steps}>
      <ol>
        {STEPS.map((step, i) => {
          const n = i + 1;
          const state = n < current ? 'done' : n === current ? 'current' : 'todo';
          return (
            <li key={step.label} className={styles[state]}>
              {state === 'done' ? (
                <Link to={step.to}>{t(step.label)}</Link>
              ) : (
                <span aria-current={state === 'current' ? 'step' : undefined}>{t(step.label)}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
