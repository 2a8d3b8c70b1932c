import styles from './record-id.module.css';

/**
 * A record's whole `_id`, as SPEC's tables show it, selected whole by one click for copying, in
 * two lines of 19 characters (a UUID's 36). `quoted` sets off its first 8 characters: the order
 * number people quote ('Order #5D55A62B').
 */
export function RecordId({ id, quoted = false }: { id: string; quoted?: boolean }) {
  return (
    <code className={styles.id}>
      {quoted ? (
        <>
          <strong>{id.slice(0, 8)}</strong>
          {id.slice(8)}
        </>
      ) : (
        id
      )}
    </code>
  );
}
