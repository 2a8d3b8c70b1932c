import type { User } from '@rr/core';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Message } from '../../../components/message.tsx';
import { RecordId } from '../../../components/record-id.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useDeleteUser, useUserInfo, useUsers } from '../../account/index.ts';
import styles from './admin.module.css';

/** /admin/userlist: every account, with edit and delete (never the admin's own account). */
export function UserListPage() {
  usePageTitle('Users | Rudraksha Ratna');
  const users = useUsers();
  const remove = useDeleteUser();

  return (
    <div className="container page">
      <h1 id="users-heading">Users</h1>
      {remove.isError && <Message variant="danger">{remove.error.message}</Message>}
      {remove.isSuccess && <Message variant="success">{remove.data.message}</Message>}
      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <Message variant="danger">{users.error.message}</Message>
      ) : (
        <UserTable
          users={users.data}
          deletingId={remove.isPending ? remove.variables : undefined}
          onDelete={(user) => {
            if (window.confirm('Are you sure')) remove.mutate(user._id);
          }}
        />
      )}
    </div>
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
              <td>
                <RecordId id={user._id} />
              </td>
              <td className={styles.name}>
                {user.name}
                {isMe && <span className={styles.you}> (you)</span>}
              </td>
              <td>
                <a href={`mailto:${user.email}`}>{user.email}</a>
              </td>
              <td>
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
              </td>
              <td>
                <div className={styles.actions}>
                  <Link
                    to={`/admin/user/${user._id}/edit`}
                    className="btn btn-outline"
                    aria-label={`Edit ${user.name}`}
                  >
                    Edit
                  </Link>
                  {!isMe && (
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
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
