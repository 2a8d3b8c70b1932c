import { isoMonthIST } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { downloadFile } from '../../../lib/save-file.ts';
import searchStyles from '../../../components/list-search.module.css';
import styles from '../pages/orders.module.css';

/** This month in Indian time, as an <input type="month"> value ("2026-11"). */
function currentMonthIST(): string {
  return isoMonthIST(new Date().toISOString());
}

/** The month's GST sales register (CSV) for the accountant. */
export function GstReport() {
  const [month, setMonth] = useState(currentMonthIST);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await downloadFile(`/api/admin/gst-report?month=${encodeURIComponent(month)}`, `gst-sales-${month}.csv`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`card ${styles.report}`} aria-labelledby="gst-report-heading">
      <h2 id="gst-report-heading">GST sales register</h2>
      <p>Every tax invoice and credit note of a month, with taxable value, CGST, SGST and IGST, as a CSV file.</p>
      {error && <Message variant="danger">{error}</Message>}
      <form className={searchStyles.search} onSubmit={(event) => void download(event)}>
        <label htmlFor="gst-month">Month</label>
        <input
          id="gst-month"
          className="input"
          type="month"
          required
          value={month}
          max={currentMonthIST()}
          onChange={(event) => setMonth(event.target.value)}
        />
        <Button type="submit" variant="outline" busy={busy} busyLabel="Preparing…">
          Download CSV
        </Button>
      </form>
    </section>
  );
}
