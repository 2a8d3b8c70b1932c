import { searchSynonymInput, type MessageReply, type SearchSynonym, type SearchSynonymInput } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Cell, DataTable } from '../../../components/data-table.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import styles from './admin.module.css';

const SYNONYMS_URL = '/api/admin/search-synonyms';
const synonymsKey = ['search-synonyms'] as const;
/** Search results and suggestions read the synonyms: they refresh with them. */
const listsKey = ['products'] as const;

/** /admin/search-synonyms: the trade's names the shop search knows (issue 14). */
export function SearchSynonymsPage() {
  usePageTitle('Search synonyms | Rudraksha Ratna');
  const queryClient = useQueryClient();
  const synonyms = useQuery({ queryKey: synonymsKey, queryFn: () => apiFetch<SearchSynonym[]>(SYNONYMS_URL) });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: synonymsKey }),
      queryClient.invalidateQueries({ queryKey: listsKey }),
    ]);
  const add = useMutation({
    mutationFn: (body: SearchSynonymInput) => apiFetch<SearchSynonym>(SYNONYMS_URL, { method: 'POST', json: body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiFetch<MessageReply>(`${SYNONYMS_URL}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const form = useSchemaForm({
    initialValues: { term: '', canonical: '' },
    schema: searchSynonymInput,
    clearAfterSubmit: true,
    onSubmit: (body) => add.mutateAsync(body),
  });
  const [filter, setFilter] = useState('');
  const shown = (synonyms.data ?? []).filter((s) =>
    `${s.term} ${s.canonical}`.includes(filter.trim().toLowerCase().normalize('NFC')),
  );

  return (
    <div className="container page">
      <h1 id="synonyms-heading">Search synonyms</h1>
      <p className={styles.lead}>
        A customer searching for a term also finds products named with its words: neelam finds blue sapphire, पुखराज
        finds yellow sapphire, panch mukhi finds 5 mukhi. Adding a term that exists gives it the new words.
      </p>
      <section className={`card ${styles.panel}`} aria-labelledby="add-synonym">
        <h2 id="add-synonym">Add a synonym</h2>
        {form.error && <Message variant="danger">{form.error}</Message>}
        {add.isSuccess && (
          <Message variant="success">
            Saved: {add.data.term} finds {add.data.canonical}.
          </Message>
        )}
        <form className={styles.form} onSubmit={form.submit} noValidate>
          <div className={styles.pair}>
            <FormField label="Term customers type" autoComplete="off" maxLength={60} {...form.field('term')} />
            <FormField label="Words in product names" autoComplete="off" maxLength={60} {...form.field('canonical')} />
          </div>
          <Button type="submit" busy={form.busy} busyLabel="Saving…">
            Add synonym
          </Button>
        </form>
      </section>
      {remove.isError && <Message variant="danger">{remove.error.message}</Message>}
      {synonyms.isPending ? (
        <Spinner />
      ) : synonyms.isError ? (
        <Message variant="danger">{synonyms.error.message}</Message>
      ) : (
        <>
          <FormField
            label={`Find among ${synonyms.data.length} synonyms`}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <SynonymTable
            synonyms={shown}
            deletingId={remove.isPending ? remove.variables : undefined}
            onDelete={(id) => remove.mutate(id)}
          />
        </>
      )}
    </div>
  );
}

/** The synonyms: on a phone, a card each with its term and Delete at the top. */
function SynonymTable({
  synonyms,
  deletingId,
  onDelete,
}: {
  synonyms: SearchSynonym[];
  deletingId: string | undefined;
  onDelete: (id: string) => void;
}) {
  return (
    <DataTable labelledBy="synonyms-heading" empty={synonyms.length === 0}>
      <thead>
        <tr>
          <th scope="col">TERM</th>
          <th scope="col">FINDS</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {synonyms.length === 0 ? (
          <tr>
            <Cell colSpan={3}>No synonym matches.</Cell>
          </tr>
        ) : (
          synonyms.map((s) => (
            <tr key={s._id}>
              <Cell label="TERM" role="title" className={styles.name}>
                {s.term}
              </Cell>
              <Cell label="FINDS">{s.canonical}</Cell>
              <Cell role="actions">
                <Button
                  className={styles.delete}
                  aria-label={`Delete ${s.term}`}
                  busy={deletingId === s._id}
                  onClick={() => onDelete(s._id)}
                >
                  Delete
                </Button>
              </Cell>
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
