import { Link, useLocation } from 'react-router';
import { useT } from '../../../i18n/index.tsx';
import { Message } from '../../../components/message.tsx';

/** What /verifyotp hands the profile page after a code sign-in that reset the password. */
export interface PasswordResetState {
  passwordReset: true;
  /** Where the customer was going when they signed in. */
  next: string;
}

function isPasswordResetState(state: unknown): state is PasswordResetState {
  return typeof state === 'object' && state !== null && (state as PasswordResetState).passwordReset === true;
}

/**
 * Said on the screen after a code sign-in that proved the phone and reset the password (PRODUCT.md
 * "Security decisions": never silently); the same words went by SMS and e-mail.
 */
export function PasswordResetNotice() {
  const t = useT();
  const { state } = useLocation();
  if (!isPasswordResetState(state)) return null;
  const next = typeof state.next === 'string' && state.next !== '/profile' ? state.next : null;
  return (
    <Message variant="info">
      <strong>{t('account.phoneConfirmed')}</strong> {t('account.passwordResetText')}
      {next && (
        <>
          {' '}
          <Link to={next}>{t('account.continueWhere')}</Link>.
        </>
      )}
    </Message>
  );
}
