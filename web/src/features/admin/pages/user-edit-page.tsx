import {
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  STAFF_ROLE_SUMMARIES,
  adminUpdateUserBody,
  type MessageReply,
  type User,
} from '@rr/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField, SelectField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm, type SchemaForm } from '../../../components/use-schema-form.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useUpdateUser, useUser, useUserInfo } from '../../account/index.ts';
import { StoreCreditPanel } from '../customers/store-credit-panel.tsx';
import styles from './admin.module.css';
import { permissionsOf } from '../../../lib/staff-pages.ts';

/**
 * /admin/user/:id/edit: name and e-mail (for roles that change customers' details), the role and
 * ending every session (the owner's, issue 29); back to the list when saved.
 */
export function UserEditPage() {
  usePageTitle('Edit User | Rudraksha Ratna');
  const { id = '' } = useParams();
  const user = useUser(id);
  const me = useUserInfo();
  const may = permissionsOf(me);
  const isMe = me?._id === id;
  return (
    <div className={`container page ${styles.narrow}`}>
      <Link to="/admin/userlist" className="back-link">
        Go Back
      </Link>
      <h1>Edit User</h1>
      {user.isPending ? (
        <Spinner />
      ) : user.isError ? (
        <Message variant="danger">{user.error.message}</Message>
      ) : (
        <>
          <EditUserForm key={user.data._id} user={user.data} />
          {may('staff') && !isMe && <EndSessions user={user.data} />}
          <StoreCreditPanel userId={user.data._id} name={user.data.name} mayGrant={may('refunds')} />
        </>
      )}
    </div>
  );
}

function EditUserForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateUser(user._id);
  const me = useUserInfo();
  const may = permissionsOf(me);
  const isMe = me?._id === user._id;
  const mayEdit = may('customers.write');
  // Only owners change roles (and not their own): the role is sent only when one changed it.
  const mayChangeRole = may('staff') && !isMe;
  const form = useSchemaForm({
    initialValues: { name: user.name, email: user.email, role: user.role ?? '' },
    schema: adminUpdateUserBody,
    toInput: ({ name, email, role }) => ({
      _id: user._id,
      name,
      email,
      ...(mayChangeRole && role !== (user.role ?? '') ? { role: role === '' ? null : role } : {}),
    }),
    onSubmit: async (body) => {
      await update.mutateAsync(body);
      navigate('/admin/userlist');
    },
  });

  return (
    <div className={`card ${styles.panel}`}>
      {form.error && <Message variant="danger">{form.error}</Message>}
      {!mayEdit && <Message>Your role reads customers&apos; details; it does not change them.</Message>}
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <FormField
          label="Name"
          autoComplete="off"
          maxLength={80}
          required
          readOnly={!mayEdit}
          {...form.field('name')}
        />
        <FormField
          label="Email Address"
          type="email"
          autoComplete="off"
          required
          readOnly={!mayEdit}
          {...form.field('email')}
        />
        <p className={styles.phone}>
          Phone Number: <span>{user.phone}</span>
        </p>
        {may('staff') ? <RoleSelect field={form.field('role')} isMe={isMe} /> : <RoleLine role={user.role} />}
        {(mayEdit || mayChangeRole) && (
          <Button type="submit" block busy={form.busy}>
            Update
          </Button>
        )}
      </form>
    </div>
  );
}

type RoleField = ReturnType<SchemaForm<{ name: string; email: string; role: string }>['field']>;

/** The owner's choice of role, with what the chosen one may do. */
function RoleSelect({ field, isMe }: { field: RoleField; isMe: boolean }) {
  const summary =
    field.value === ''
      ? 'Shops and sees their own orders; no admin pages.'
      : STAFF_ROLE_SUMMARIES[field.value as keyof typeof STAFF_ROLE_SUMMARIES];
  return (
    <SelectField
      label="Role"
      {...field}
      disabled={isMe}
      hint={isMe ? 'You cannot change your own role; another owner can.' : summary}
    >
      <option value="">Customer</option>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_LABELS[role]}
        </option>
      ))}
    </SelectField>
  );
}

function RoleLine({ role }: { role: User['role'] }) {
  return (
    <p className={styles.phone}>
      Role: <span>{role ? STAFF_ROLE_LABELS[role] : 'Customer'}</span>
    </p>
  );
}

/** The owner signs a user out everywhere at once (a lost phone, someone leaving the team). */
function EndSessions({ user }: { user: User }) {
  const end = useEndSessions(user._id);
  return (
    <div className={`card ${styles.panel} ${styles.sessions}`}>
      <h2 className={styles.sessionsHeading}>Sessions</h2>
      <p className={styles.hint}>
        Signs {user.name} out on every phone and computer at once; they sign in again with their password.
      </p>
      {end.isError && <Message variant="danger">{end.error.message}</Message>}
      {end.isSuccess && <Message variant="success">{end.data.message}</Message>}
      <Button
        variant="outline"
        busy={end.isPending}
        busyLabel="Ending…"
        onClick={() => {
          if (window.confirm(`End every session of ${user.name}? They are signed out everywhere at once.`))
            end.mutate();
        }}
      >
        End all sessions
      </Button>
    </div>
  );
}

/** DELETE /api/users/:id/sessions (owner, issue 29): every session of the user ends at once. */
function useEndSessions(id: string) {
  return useMutation({
    mutationFn: () => apiFetch<MessageReply>(`/api/users/${encodeURIComponent(id)}/sessions`, { method: 'DELETE' }),
  });
}
