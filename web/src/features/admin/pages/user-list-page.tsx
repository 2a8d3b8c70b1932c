import type { User } from '@rr/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Cell, DataTable } from '../../../components/data-table.tsx';
import { Message } from '../../../components/message.tsx';
import { RecordId } from '../../../components/record-id.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useDeleteUser, useUserInfo, useUsers } from '../../account/index.ts';
import styles from './admin.module.css';
import { permissionsOf, roleLabel } from '../../../lib/staff-pages.ts';

/**
 * /admin/userlist: every account with its role, or the team alone (issue 29); edit, and delete for the
 * owner (never their own account).
 */
export function UserListPage() {
  usePageTitle('Users | Rudraksha Ratna');
  const users = useUsers();
  const remove = useDeleteUser();
  const [teamOnly, setTeamOnly] = useState(false);
  const shown = teamOnly ? (users.data ?? []).filter((user) => user.role !== null) : users.data;

  return (
    <div className="container page">
      <h1 id="users-heading">Users</h1>
      <TeamFilter teamOnly={teamOnly} onChange={setTeamOnly} teamSize={users.data?.filter((u) => u.role).length} />
      {remove.isError && <Message variant="danger">{remove.error.message}</Message>}
      {remove.isSuccess && <Message variant="success">{remove.data.message}</Message>}
      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <Message variant="danger">{users.error.message}</Message>
      ) : (
        <UserTable
          users={shown ?? []}
          deletingId={remove.isPending ? remove.variables : undefined}
          onDelete={(user) => {
            if (window.confirm('Are you sure')) remove.mutate(user._id);
          }}
        />
      )}
    </div>
  );
}

/** Everyone, or only the team (the accounts with a staff role). */
function TeamFilter({
  teamOnly,
  onChange,
  teamSize,
}: {
  teamOnly: boolean;
  onChange: (teamOnly: boolean) => void;
  teamSize: number | undefined;
}) {
  return (
    <fieldset className={styles.teamFilter}>
      <legend className="visually-hidden">Show</legend>
      <label>
        <input type="radio" name="users-shown" checked={!teamOnly} onChange={() => onChange(false)} /> Everyone
      </label>
      <label>
        <input type="radio" name="users-shown" checked={teamOnly} onChange={() => onChange(true)} /> Team
        {teamSize !== undefined && ` (${teamSize})`}
      </label>
    </fieldset>
  );
}

function UserTable({
  users,
  deletingId,
  onDelete,
}: {
  users: User[];
  deletingId: string | undefined;
  onDelete: (user: User) => void;
}) {
  const me = useUserInfo();
  const mayRemove = permissionsOf(me)('staff');
  return (
    <DataTable labelledBy="users-heading">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">NAME</th>
          <th scope="col">EMAIL</th>
          <th scope="col">ADMIN</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const isMe = user._id === me?._id;
          return (
            <tr key={user._id}>
              <Cell label="ID" role="reference">
                <RecordId id={user._id} />
              </Cell>
              <Cell label="NAME" role="title" className={styles.name}>
                <span>
                  {user.name}
                  {isMe && <span className={styles.you}> (you)</span>}
                </span>
              </Cell>
              <Cell label="EMAIL">
                <a href={`mailto:${user.email}`}>{user.email}</a>
              </Cell>
              <Cell label="ADMIN" role="state">
                <AdminCell user={user} />
              </Cell>
              <Cell role="actions">
                <div className={styles.actions}>
                  <Link
                    to={`/admin/user/${user._id}/edit`}
                    className="btn btn-outline"
                    aria-label={`Edit ${user.name}`}
                  >
                    Edit
                  </Link>
                  {!isMe && mayRemove && (
                    <Button
                      className={styles.delete}
                      aria-label={`Delete ${user.name}`}
                      busy={deletingId === user._id}
                      onClick={() => onDelete(user)}
                    >
                      Delete
                    </Button>
                  )}
                </div>
              </Cell>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

/** SPEC's admin mark, and (issue 29) which part of the shop a staff member works on. */
function AdminCell({ user }: { user: User }) {
  return (
    <span>
      {user.isAdmin ? (
        <span className={styles.yes}>
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">Yes</span>
        </span>
      ) : (
        <span className={styles.no}>
          <span aria-hidden="true">✗</span>
          <span className="visually-hidden">No</span>
        </span>
      )}
      <span className={user.role ? styles.role : styles.customer}>{roleLabel(user.role)}</span>
    </span>
  );
}
