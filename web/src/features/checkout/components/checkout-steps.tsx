import { Link } from 'react-router';
import styles from './checkout-steps.module.css';

const STEPS = [
  { label: 'Sign In', to: '/login?redirect=shipping' },
  { label: 'Shipping', to: '/shipping' },
  { label: 'Payment', to: '/payment' },
  { label: 'Place Order', to: '/placeorder' },
] as const;

/** SPEC's step bar: steps up to `reached` are links, the current one is marked, later ones are dimmed. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <nav aria-label="Checkout steps" className={styles.steps}>
      <ol>
        {STEPS.map((step, i) => {
          const n = i + 1;
          const state = n < current ? 'done' : n === current ? 'current' : 'todo';
          return (
            <li key={step.label} className={styles[state]}>
              {state === 'done' ? (
                <Link to={step.to}>{step.label}</Link>
              ) : (
                <span aria-current={state === 'current' ? 'step' : undefined}>{step.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
