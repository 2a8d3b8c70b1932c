import { useErrorText } from '../../../i18n/error-text.ts';
import { useT } from '../../../i18n/index.tsx';
import { MAX_REVIEW_PHOTOS, MAX_REVIEW_PHOTO_BYTES } from '@rr/core';
import { useEffect, useId, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { Message } from '../../../components/message.tsx';
import { useUploadReviewPhoto } from '../api.ts';
import styles from './review-photos-input.module.css';

const ACCEPTED = 'image/jpeg,image/png,image/webp';

/** A stored photo's narrowest width (320 pixels), for a small preview. */
export const thumbnail = (photo: string) => photo.replace(/-w720\.webp$/, '-w320.webp');

/**
 * Issue 28: "Add photos (up to 3)": each chosen photo is uploaded at once (the server stores it without
 * its location data) and shown as a preview with a remove button. `onBusy` tells the form while a photo
 * is on its way, so a review is never sent without one the customer chose.
 */
export function ReviewPhotosInput({
  photos,
  setPhotos,
  onBusy,
}: {
  photos: readonly string[];
  setPhotos: Dispatch<SetStateAction<string[]>>;
  onBusy: (busy: boolean) => void;
}) {
  const upload = useUploadReviewPhoto();
  const t = useT();
  const [uploading, setUploading] = useState(0);
  // A text of ours, or the API's refusal (said in the page's language when shown).
  const [error, setError] = useState<string | Error | null>(null);
  const errorText = useErrorText();
  const id = useId();
  const room = MAX_REVIEW_PHOTOS - photos.length - uploading;
  useEffect(() => onBusy(uploading > 0), [uploading, onBusy]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Choosing the same file again must fire another change.
    event.target.value = '';
    const taken = files.slice(0, Math.max(room, 0));
    const fitting = taken.filter((file) => file.size <= MAX_REVIEW_PHOTO_BYTES);
    setError(
      fitting.length < taken.length
        ? t('review.tooBig')
        : files.length > taken.length
          ? t('review.tooMany', { max: MAX_REVIEW_PHOTOS })
          : null,
    );
    if (fitting.length === 0) return;
    setUploading((n) => n + fitting.length);
    for (const file of fitting) {
      try {
        const { image } = await upload.mutateAsync(file);
        setPhotos((current) => (current.length < MAX_REVIEW_PHOTOS ? [...current, image] : current));
      } catch (err) {
        setError(err instanceof Error ? err : t('review.uploadFailed'));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <div className={styles.photos}>
      <p className={styles.label} id={`${id}-label`}>
        {t('review.addPhotos', { max: MAX_REVIEW_PHOTOS })}
      </p>
      <p className={styles.hint} id={`${id}-hint`}>
        {t('review.photoHint')}
      </p>
      {(photos.length > 0 || uploading > 0) && (
        <Previews
          photos={photos}
          uploading={uploading}
          onRemove={(photo) => setPhotos((c) => c.filter((p) => p !== photo))}
        />
      )}
      {room > 0 && (
        <label className={`btn btn-outline ${styles.choose}`}>
          {photos.length + uploading === 0 ? t('review.choosePhotos') : t('review.addAnother')}
          <input
            type="file"
            accept={ACCEPTED}
            multiple
            className="visually-hidden"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            onChange={choose}
          />
        </label>
      )}
      {error && <Message variant="danger">{errorText(error)}</Message>}
    </div>
  );
}

/** The uploaded photos, each with its remove button, and a placeholder for each still on its way. */
function Previews({
  photos,
  uploading,
  onRemove,
}: {
  photos: readonly string[];
  uploading: number;
  onRemove: (photo: string) => void;
}) {
  const t = useT();
  return (
    <ul className={styles.previews} aria-label={t('review.yourPhotos')}>
      {photos.map((photo, i) => (
        <li key={photo} className={styles.preview}>
          <img src={thumbnail(photo)} alt={t('review.yourPhoto', { n: i + 1 })} />
          <button
            type="button"
            className={styles.remove}
            aria-label={t('review.removePhoto', { n: i + 1 })}
            onClick={() => onRemove(photo)}
          >
            ×
          </button>
        </li>
      ))}
      {Array.from({ length: uploading }, (_, i) => (
        <li
          key={`uploading-${i}`}
          className={`${styles.preview} ${styles.pending}`}
          aria-label={t('review.uploadingPhoto')}
        >
          <span className={styles.spinner} aria-hidden="true" />
        </li>
      ))}
    </ul>
  );
}
