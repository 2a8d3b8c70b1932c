import { PASSWORD_MIN, updateProfileBody, type User } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useProfile, useUpdateProfile } from '../api.ts';
import { CodeForm } from './code-form.tsx';
import { MessageSettings } from './message-settings.tsx';
import { PasswordResetNotice } from './password-reset-notice.tsx';
import { StoreCredit } from './store-credit.tsx';
import styles from '../pages/account.module.css';

/** The profile page's own part (SPEC §2): name, e-mail and phone read-only, and a new password. */
export function UserProfile() {
  const t = useT();
  const profile = useProfile();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('account.userProfile')}</h2>
      <StoreCredit />
      {profile.isPending ? (
        <Spinner />
      ) : profile.isError ? (
        <Message variant="danger">{errorText(profile.error)}</Message>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </section>
  );
}

function ProfileForm({ profile }: { profile: User }) {
  const t = useT();
  const update = useUpdateProfile();
  const form = useSchemaForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    schema: updateProfileBody,
    toInput: ({ password }) => ({ password }),
    check: ({ password, confirmPassword }) => ({
      confirmPassword: password === confirmPassword ? undefined : t('account.passwordsDoNotMatch'),
    }),
    onSubmit: (_body, { password, currentPassword }) => {
      const { _id: id, name, email, phone } = profile;
      return update.mutateAsync({ id, name, email, phone, password, currentPassword });
    },
    clearAfterSubmit: true,
  });
  const mismatch = form.errors.confirmPassword;

  return (
    <div className={`card ${styles.panel}`}>
      <PasswordResetNotice />
      {mismatch && <Message variant="danger">{mismatch}</Message>}
      {form.error && <Message variant="danger">{form.error}</Message>}
      {update.isSuccess && <Message variant="success">{t('account.profileUpdated')}</Message>}
      <ProfileFacts profile={profile} />
      {profile.phoneVerified === false && <PhoneProof phone={profile.phone} />}
      <MessageSettings profile={profile} />
      <form
        className={styles.form}
        onSubmit={(event) => {
          // The last update's banner goes with the next try, whatever it finds.
          update.reset();
          form.submit(event);
        }}
        noValidate
      >
        {/* Who is signed in, for password managers saving the new password. */}
        <input type="text" name="username" autoComplete="username" value={profile.phone} readOnly hidden />
        <fieldset className={styles.fieldset}>
          <legend>{t('account.changePassword')}</legend>
          <div className={styles.fieldsetBody}>
            <FormField
              label={t('account.currentPassword')}
              type="password"
              autoComplete="current-password"
              hint={t('account.currentPasswordHint')}
              {...form.field('currentPassword')}
            />
            <FormField
              label={t('account.password')}
              type="password"
              autoComplete="new-password"
              hint={t('account.passwordHint', { min: PASSWORD_MIN })}
              required
              {...form.field('password')}
            />
            <FormField
              label={t('account.confirmPassword')}
              type="password"
              autoComplete="new-password"
              required
              {...form.field('confirmPassword')}
              // The mismatch is said above the form, where both password fields can be seen.
              error={undefined}
              aria-invalid={mismatch ? true : undefined}
            />
          </div>
        </fieldset>
        <Button type="submit" block busy={form.busy}>
          {t('account.update')}
        </Button>
      </form>
    </div>
  );
}

/** Not editable here (SPEC §2), so shown as plain facts rather than inputs. */
function ProfileFacts({ profile }: { profile: User }) {
  const t = useT();
  return (
    <dl className={styles.details}>
      <div>
        <dt>{t('account.name')}</dt>
        <dd>{profile.name}</dd>
      </div>
      <div>
        <dt>{t('account.email')}</dt>
        <dd>{profile.email}</dd>
      </div>
      <div>
        <dt>{t('account.phone')}</dt>
        <dd>{profile.phone}</dd>
      </div>
    </dl>
  );
}

/**
 * A phone nobody has proven yet: whoever first signs in to it by code would own the account and reset
 * its password (decision 0029). Proven from this signed-in session, the password stays.
 */
function PhoneProof({ phone }: { phone: string }) {
  const t = useT();
  const [asked, setAsked] = useState(false);
  return (
    <section className={styles.phoneProof} aria-labelledby="phone-proof-heading">
      <h3 id="phone-proof-heading">{t('account.confirmPhone')}</h3>
      {asked ? (
        <CodeForm phone={phone} />
      ) : (
        <>
          <p>{t('account.confirmPhoneText')}</p>
          <Button variant="outline" onClick={() => setAsked(true)}>
            {t('account.sendMeCode')}
          </Button>
        </>
      )}
    </section>
  );
}
