import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField, SelectField } from '../../../components/form-field.tsx';
import { useUsers } from '../../account/index.ts';
import type { AuditFilters } from './audit-api.ts';
import { KNOWN_ACTIONS, actionText } from '../../../components/audit-changes.ts';
import styles from './audit.module.css';
import { roleLabel } from '../../../lib/staff-pages.ts';

/**
 * The audit log's filters: who (the team), what (the kind of record), the action, the days (Indian
 * dates, both included) and one record's id. Applied together, on Apply.
 */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, before: '' });
  };
  const clear = () => {
    setDraft({});
    onApply({});
  };
  return (
    <form className={`card ${styles.filters}`} onSubmit={submit} aria-label="Filter the audit log">
      <StaffSelect value={draft.actor ?? ''} onChange={set('actor')} />
      <SelectField label="What" value={draft.entity ?? ''} onChange={set('entity')}>
        <option value="">Everything</option>
        {AUDIT_ENTITIES.map((entity) => (
          <option key={entity} value={entity}>
            {AUDIT_ENTITY_LABELS[entity]}
          </option>
        ))}
      </SelectField>
      <div className={styles.wide}>
        <FormField
          label="Action"
          list="audit-actions"
          placeholder="e.g. order.ship"
          autoComplete="off"
          maxLength={60}
          value={draft.action ?? ''}
          onChange={set('action')}
        />
      </div>
      <datalist id="audit-actions">
        {KNOWN_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {actionText(action)}
          </option>
        ))}
      </datalist>
      <div className={styles.wide}>
        <FormField label="From" type="date" value={draft.from ?? ''} onChange={set('from')} />
      </div>
      <div className={styles.wide}>
        <FormField label="To" type="date" value={draft.to ?? ''} onChange={set('to')} />
      </div>
      <div className={styles.wide}>
        <FormField
          label="Record id"
          hint="With “What”: one product’s, order’s or user’s changes."
          autoComplete="off"
          maxLength={100}
          value={draft.id ?? ''}
          onChange={set('id')}
        />
      </div>
      <div className={styles.filterButtons}>
        <Button type="submit">Apply</Button>
        <Button type="button" variant="outline" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}

/** The team, owners first: the people whose changes the log holds (customers change nothing here). */
function StaffSelect({ value, onChange }: { value: string; onChange: (event: { target: { value: string } }) => void }) {
  const users = useUsers();
  const staff = (users.data ?? []).filter((user) => user.role !== null);
  return (
    <SelectField label="Who" value={value} onChange={onChange}>
      <option value="">Anyone</option>
      {staff.map((user) => (
        <option key={user._id} value={user._id}>
          {user.name} ({roleLabel(user.role)})
        </option>
      ))}
      {/* Someone no longer on the team, named by a link to their entries. */}
      {users.data && value && !staff.some((user) => user._id === value) && (
        <option value={value}>A former team member</option>
      )}
    </SelectField>
  );
}
