import { AUTH_MESSAGES, PASSWORD_MIN, updateProfileBody, type User } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { displayMessage } from '../../../components/field-errors.ts';
import { FormField, fieldErrors } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useProfile, useUpdateProfile } from '../api.ts';
import styles from '../pages/account.module.css';

/** The profile page's own part (SPEC §2): name, e-mail and phone read-only, and a new password. */
export function UserProfile() {
  const profile = useProfile();
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading">User Profile</h2>
      {profile.isPending ? (
        <Spinner />
      ) : profile.isError ? (
        <Message variant="danger">{profile.error.message}</Message>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </section>
  );
}

const CURRENT_PASSWORD_PREFIX = 'currentPassword: ';

function ProfileForm({ profile }: { profile: User }) {
  const update = useUpdateProfile();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.reset();
    const passwordsDiffer = password !== confirmPassword;
    const parsed = updateProfileBody.safeParse({ password });
    setMismatch(passwordsDiffer);
    setError(parsed.success ? undefined : fieldErrors(parsed.error.issues).password);
    if (passwordsDiffer || !parsed.success) return;
    const { _id: id, name, email, phone } = profile;
    update.mutate(
      { id, name, email, phone, password, currentPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setPassword('');
          setConfirmPassword('');
        },
      },
    );
  };

  // The server names the field a refusal is about ("currentPassword: ..."): shown beside that field.
  const serverError = update.isError ? update.error.message : undefined;
  const currentPasswordError = serverError?.startsWith(CURRENT_PASSWORD_PREFIX)
    ? displayMessage(serverError.slice(CURRENT_PASSWORD_PREFIX.length))
    : undefined;

  return (
    <div className={`card ${styles.panel}`}>
      {mismatch && <Message variant="danger">{AUTH_MESSAGES.passwordsDoNotMatch}</Message>}
      {serverError && !currentPasswordError && <Message variant="danger">{serverError}</Message>}
      {update.isSuccess && <Message variant="success">{AUTH_MESSAGES.profileUpdated}</Message>}
      {/* Not editable here (SPEC §2), so shown as plain facts rather than inputs. */}
      <dl className={styles.details}>
        <div>
          <dt>Name</dt>
          <dd>{profile.name}</dd>
        </div>
        <div>
          <dt>Email Address</dt>
          <dd>{profile.email}</dd>
        </div>
        <div>
          <dt>Phone Number</dt>
          <dd>{profile.phone}</dd>
        </div>
      </dl>
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* Who is signed in, for password managers saving the new password. */}
        <input type="text" name="username" autoComplete="username" value={profile.phone} readOnly hidden />
        <fieldset className={styles.fieldset}>
          <legend>Change Password</legend>
          <div className={styles.fieldsetBody}>
            <FormField
              label="Current Password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              hint="Not needed for 15 minutes after you sign in with a one-time code (if you forgot it)."
              value={currentPassword}
              onChange={(e) => {
                setCurrentPassword(e.target.value);
                if (currentPasswordError) update.reset();
              }}
              error={currentPasswordError}
            />
            <FormField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN} characters.`}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error}
              required
            />
            <FormField
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
              aria-invalid={mismatch || undefined}
              required
            />
          </div>
        </fieldset>
        <button type="submit" className="btn btn-block" disabled={update.isPending}>
          Update
        </button>
      </form>
    </div>
  );
}
