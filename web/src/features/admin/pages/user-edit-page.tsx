import { adminUpdateUserBody, type User } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormField, fieldErrors } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useUpdateUser, useUser, useUserInfo } from '../../account/index.ts';
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
        <EditUserForm key={user.data._id} user={user.data} />
      )}
    </div>
  );
}

function EditUserForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateUser(user._id);
  const isMe = useUserInfo()?._id === user._id;
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminUpdateUserBody.safeParse({ _id: user._id, name, email, isAdmin });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, { onSuccess: () => navigate('/admin/userlist') });
  };

  return (
    <div className={`card ${styles.panel}`}>
      {update.isError && <Message variant="danger">{update.error.message}</Message>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField
          label="Name"
          name="name"
          autoComplete="off"
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <FormField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <p className={styles.phone}>
          Phone Number: <span>{user.phone}</span>
        </p>
        <div className={styles.check}>
          <input
            id="is-admin"
            type="checkbox"
            checked={isAdmin}
            onChange={(e) => setIsAdmin(e.target.checked)}
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
        <button type="submit" className="btn btn-block" disabled={update.isPending}>
          Update
        </button>
      </form>
    </div>
  );
}
