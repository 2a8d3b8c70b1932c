import styles from './record-id.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A record's whole `_id`, as SPEC's tables show it. One click selects all of it for copying. On a phone
 * it takes two lines, broken after its third hyphen (a hyphen before a digit is no break by itself);
 * `quoted` sets off its first 8 characters, the order number people quote ('Order #5D55A62B').
 */
export function RecordId({ id, quoted = false }: { id: string; quoted?: boolean }) {
  if (!UUID.test(id)) return <code className={styles.id}>{id}</code>;
  return (
    <code className={styles.id}>
      {quoted ? <strong>{id.slice(0, 8)}</strong> : id.slice(0, 8)}
      {id.slice(8, 19)}
      <wbr />
      {id.slice(19)}
    </code>
  );
}
