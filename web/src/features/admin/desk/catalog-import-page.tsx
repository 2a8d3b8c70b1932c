import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportPreview, type ImportResult } from '@rr/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { downloadFile } from '../../../lib/save-file.ts';
import { catalogKeys } from '../../catalog/index.ts';
import { applyCatalogImport, deskKeys, previewCatalogImport } from '../desk-api.ts';
import { formatCount } from './format.ts';
import styles from './dashboard.module.css';

const ACTION_LABELS: Record<ImportPreview['rows'][number]['action'], string> = {
  create: 'New',
  update: 'Changed',
  unchanged: 'No change',
  conflict: 'Left as it is',
  invalid: 'Error',
};

/**
 * /admin/import: download the catalog as CSV; upload one to add or change many products. Nothing is
 * written until the admin has seen every row's changes and errors and applies them, all in one go.
 */
export function CatalogImportPage() {
  usePageTitle('Catalog import & export | Rudraksha Ratna');
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'download' | 'preview' | 'apply' | null>(null);

  const run = async (what: NonNullable<typeof busy>, action: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(null);
    setResult(null);
    if (chosen) void run('preview', async () => setPreview(await previewCatalogImport(chosen)));
  };
  const apply = () =>
    run('apply', async () => {
      if (!file || !preview) return;
      setResult(await applyCatalogImport(file, preview.plan));
      setPreview(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: deskKeys.dashboard }),
      ]);
    });
  const changes = preview ? preview.counts.create + preview.counts.update : 0;

  return (
    <div className={`container page ${styles.page}`}>
      <Link to="/admin" className="back-link">
        Dashboard
      </Link>
      <h1>Catalog import &amp; export</h1>

      <section className={`card ${styles.section}`} aria-labelledby="export-heading">
        <h2 id="export-heading">Download the catalog</h2>
        <p className={styles.note}>
          One line per product: id, name, category, price (before GST), MRP, stock, brand, description, image and the
          product facts. Change it in a spreadsheet and upload it below; leave id empty to add a product. Leave the last
          column, stock_version, as it is: a stock you change is saved only if no order has changed it since the
          download.
        </p>
        <Button
          variant="outline"
          busy={busy === 'download'}
          busyLabel="Preparing…"
          onClick={() => run('download', () => downloadFile('/api/admin/catalog/export', 'catalog.csv'))}
        >
          Download catalog CSV
        </Button>
      </section>

      <section className={`card ${styles.section}`} aria-labelledby="import-heading">
        <h2 id="import-heading">Upload changes</h2>
        <p className={styles.note}>
          A CSV file saved as UTF-8, at most {MAX_IMPORT_BYTES / 1024 / 1024} MB and {formatCount(MAX_IMPORT_ROWS)}{' '}
          products. You see every change first; nothing is saved until you apply it.
        </p>
        <label htmlFor={fileId} className={styles.fileLabel}>
          CSV file
        </label>
        <input id={fileId} type="file" accept=".csv,text/csv" onChange={choose} className={styles.file} />
        {busy === 'preview' && <p role="status">Checking the file…</p>}
        {error && <Message variant="danger">{error}</Message>}
        {result && (
          <Message variant="success">
            Saved: {formatCount(result.created)} added, {formatCount(result.updated)} changed,{' '}
            {formatCount(result.unchanged)} unchanged
            {result.conflicts > 0 &&
              `, ${formatCount(result.conflicts)} left as they were (stock moved since the download)`}
            .
          </Message>
        )}
        {preview && (
          <>
            <p role="status">
              {formatCount(preview.counts.create)} new, {formatCount(preview.counts.update)} changed,{' '}
              {formatCount(preview.counts.unchanged)} unchanged,{' '}
              {preview.counts.conflict > 0 && `${formatCount(preview.counts.conflict)} left as they are, `}
              {formatCount(preview.counts.invalid)} with errors.
            </p>
            {preview.counts.conflict > 0 && preview.counts.invalid === 0 && (
              <Message variant="info">
                Orders or edits changed the stock of {formatCount(preview.counts.conflict)}{' '}
                {preview.counts.conflict === 1 ? 'product' : 'products'} after this file was downloaded, so{' '}
                {preview.counts.conflict === 1 ? 'its row is' : 'their rows are'} not saved: the stock in the file could
                bring back units already sold. Applying saves the other rows; download the catalog again to change{' '}
                {preview.counts.conflict === 1 ? 'it' : 'them'}.
              </Message>
            )}
            {preview.counts.invalid > 0 ? (
              <Message variant="danger">
                Fix the rows with errors in your file and upload it again; nothing has been changed.
              </Message>
            ) : (
              <Button onClick={apply} busy={busy === 'apply'} busyLabel="Saving…" disabled={changes === 0}>
                {changes === 0
                  ? 'Nothing to change'
                  : `Apply ${formatCount(changes)} change${changes === 1 ? '' : 's'}`}
              </Button>
            )}
            <PreviewTable preview={preview} />
          </>
        )}
      </section>
    </div>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const shown = preview.rows.filter((r) => r.action !== 'unchanged');
  if (shown.length === 0) return null;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">
          Rows of the file that change something, are left as they are, or have errors
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Product</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.row}>
              <td>{r.row}</td>
              <td>
                <strong>{ACTION_LABELS[r.action]}</strong> {r.name}
              </td>
              <td>
                <ul className={styles.changes}>
                  {r.errors.map((e) => (
                    <li key={`e-${e.column}-${e.message}`} className={styles.out}>
                      {e.column || 'row'}: {e.message}
                    </li>
                  ))}
                  {r.conflicts.map((c) => (
                    <li key={`x-${c.column}`} className={styles.conflict}>
                      {c.column}: {c.message}
                    </li>
                  ))}
                  {r.changes.map((c) => (
                    <li key={`c-${c.column}`}>
                      {c.column}: {c.from === '' ? '(empty)' : c.from} → {c.to === '' ? '(empty)' : c.to}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
