import type { AuditVerifyAnswer } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { useVerifyAudit } from './audit-api.ts';
import styles from './audit.module.css';

/** "Intact: 1,234 entries, newest #1234 (hash abcd…)", or the entry where the chain breaks. */
export function verifyText(answer: AuditVerifyAnswer): string {
  const count = `${answer.entries.toLocaleString('en-IN')} ${answer.entries === 1 ? 'entry' : 'entries'}`;
  if (!answer.intact && answer.broken) return `Broken at entry #${answer.broken.seq}: ${answer.broken.message}`;
  if (!answer.head) return `Intact: ${count}.`;
  return `Intact: ${count}, newest #${answer.head.seq} (hash ${answer.head.hash.slice(0, 12)}…)`;
}

/** The owner's check of the hash chain: every entry still as written, none missing. */
export function VerifyPanel() {
  const verify = useVerifyAudit();
  const answer = verify.data;
  return (
    <div className={styles.verify}>
      <Button variant="outline" busy={verify.isPending} busyLabel="Checking…" onClick={() => verify.mutate()}>
        Check the log
      </Button>
      <p role="status" className={answer && !answer.intact ? styles.broken : styles.intact}>
        {verify.isError ? (
          <span className={styles.broken}>{verify.error.message}</span>
        ) : answer ? (
          verifyText(answer)
        ) : (
          ''
        )}
      </p>
    </div>
  );
}
