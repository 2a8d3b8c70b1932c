import { adminUpdateUserBody, type User } from '@rr/core';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useUpdateUser, useUser, useUserInfo } from '../../account/index.ts';
import { StoreCreditPanel } from '../customers/store-credit-panel.tsx';
import styles from './admin.module.css';

/** /admin/user/:id/edit: name, e-mail and the admin flag; back to the list when saved. */
export function UserEditPage() {
  usePageTitle('Edit User | Rudraksha Ratna');
  const { id = '' } = useParams();
  const user = useUser(id);
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
          <StoreCreditPanel userId={user.data._id} name={user.data.name} />
        </>
      )}
    </div>
  );
}

function EditUserForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateUser(user._id);
  const isMe = useUserInfo()?._id === user._id;
  const form = useSchemaForm({
    initialValues: { name: user.name, email: user.email, isAdmin: user.isAdmin },
    schema: adminUpdateUserBody,
    toInput: (values) => ({ _id: user._id, ...values }),
    onSubmit: async (body) => {
      await update.mutateAsync(body);
      navigate('/admin/userlist');
    },
  });

  return (
    <div className={`card ${styles.panel}`}>
      {form.error && <Message variant="danger">{form.error}</Message>}
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <FormField label="Name" autoComplete="off" maxLength={80} required {...form.field('name')} />
        <FormField label="Email Address" type="email" autoComplete="off" required {...form.field('email')} />
        <p className={styles.phone}>
          Phone Number: <span>{user.phone}</span>
        </p>
        <div className={styles.check}>
          <input
            id="is-admin"
            type="checkbox"
            checked={form.values.isAdmin}
            onChange={(e) => form.setValue('isAdmin', e.target.checked)}
            disabled={isMe}
            aria-describedby={isMe ? 'is-admin-hint' : undefined}
          />
          <label htmlFor="is-admin">Is Admin</label>
        </div>
        {isMe && (
          <p id="is-admin-hint" className={styles.hint}>
            You cannot remove your own admin rights; another admin can.
          </p>
        )}
        <Button type="submit" block busy={form.busy}>
          Update
        </Button>
      </form>
    </div>
  );
}
