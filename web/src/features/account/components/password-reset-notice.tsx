import { Link, useLocation } from 'react-router';
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
  const { state } = useLocation();
  if (!isPasswordResetState(state)) return null;
  const next = typeof state.next === 'string' && state.next !== '/profile' ? state.next : null;
  return (
    <Message variant="info">
      <strong>Your phone number is now confirmed.</strong> This was the first sign-in with a code sent to it, so the
      password set when the account was registered no longer works and other devices were signed out. We have sent you
      the same by SMS and e-mail. Set a new password below: for 15 minutes it needs no current password.
      {next && (
        <>
          {' '}
          <Link to={next}>Or continue where you were going</Link>.
        </>
      )}
    </Message>
  );
}
