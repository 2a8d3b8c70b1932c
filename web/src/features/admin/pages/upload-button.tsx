import { useState, type ChangeEvent } from 'react';
import { Message } from '../../../components/message.tsx';
import styles from './admin.module.css';

/** The picture types POST /api/upload takes. */
export const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp';

/** What an upload hook gives (useUploadImage, useUploadCertificate): a mutation from a file. */
interface Upload<Reply> {
  mutate: (file: File, options: { onSuccess: (reply: Reply) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

/**
 * A file chooser shown as a button: a quick size check (the server checks the type and size again),
 * the upload, and its refusal. `onUploaded` gets the server's reply.
 */
export function UploadButton<Reply>({
  label,
  accept,
  maxBytes,
  note,
  tooBigMessage,
  upload,
  onUploaded,
  disabled = false,
}: {
  label: string;
  accept: string;
  maxBytes: number;
  note: string;
  tooBigMessage: string;
  upload: Upload<Reply>;
  onUploaded: (reply: Reply) => void;
  disabled?: boolean;
}) {
  const [tooBig, setTooBig] = useState(false);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire another change.
    event.target.value = '';
    if (!file) return;
    upload.reset();
    setTooBig(file.size > maxBytes);
    if (file.size > maxBytes) return;
    upload.mutate(file, { onSuccess: onUploaded });
  };
  const off = upload.isPending || disabled;
  return (
    <div className={styles.upload}>
      <label className={`btn btn-outline ${styles.uploadButton}`} aria-disabled={off || undefined}>
        {upload.isPending ? 'Uploading…' : label}
        <input type="file" accept={accept} className="visually-hidden" disabled={off} onChange={choose} />
      </label>
      <p className={styles.uploadNote}>{note}</p>
      {tooBig && <Message variant="danger">{tooBigMessage}</Message>}
      {upload.isError && upload.error && <Message variant="danger">{upload.error.message}</Message>}
    </div>
  );
}
