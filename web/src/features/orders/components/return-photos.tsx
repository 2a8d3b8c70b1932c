import { MAX_REVIEW_PHOTO_BYTES, RETURN_PHOTOS_MAX } from '@rr/core';
import { useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { Button } from '../../../components/button.tsx';
import { useUploadReturnPhoto } from '../after-sale-api.ts';
import styles from '../pages/orders.module.css';

const ACCEPTED = 'image/jpeg,image/png,image/webp';
const MB = MAX_REVIEW_PHOTO_BYTES / 1024 / 1024;

interface ReturnPhotosProps {
  photos: readonly string[];
  setPhotos: Dispatch<SetStateAction<string[]>>;
  disabled?: boolean;
}

/**
 * Photos of a return (or of a reply to the owner): chosen from the phone, uploaded one after another,
 * shown as previews that can be removed; at most RETURN_PHOTOS_MAX.
 */
export function ReturnPhotos({ photos, setPhotos, disabled = false }: ReturnPhotosProps) {
  const upload = useUploadReturnPhoto();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  const room = RETURN_PHOTOS_MAX - photos.length;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []).slice(0, room);
    // The same file chosen again after a removal still fires a change.
    input.value = '';
    setError(null);
    for (const file of files) {
      if (file.size > MAX_REVIEW_PHOTO_BYTES) {
        setError(t('orders.photoTooBig', { mb: MB }));
        continue;
      }
      try {
        const { image } = await upload.mutateAsync(file);
        // Photos are named by their content: the same photo chosen twice is kept once.
        setPhotos((shown) => (shown.includes(image) ? shown : [...shown, image].slice(0, RETURN_PHOTOS_MAX)));
      } catch (err) {
        setError(errorText(err));
      }
    }
  };

  return (
    <fieldset className={styles.photos}>
      <legend>{t('orders.photos')}</legend>
      <p className={styles.hint}>{t('orders.photosHint', { max: RETURN_PHOTOS_MAX, mb: MB })}</p>
      {photos.length > 0 && (
        <ul className={styles.photoList}>
          {photos.map((photo, n) => (
            <li key={photo}>
              <img src={photo} alt={t('orders.photoN', { n: n + 1 })} width={88} height={88} />
              <Button
                variant="outline"
                className={styles.removePhoto}
                onClick={() => setPhotos((shown) => shown.filter((p) => p !== photo))}
                disabled={disabled}
                aria-label={t('orders.removePhotoN', { n: n + 1 })}
              >
                {t('orders.removePhoto')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <label
          className={`btn btn-outline ${styles.addPhoto}${disabled || upload.isPending ? ` ${styles.addPhotoBusy}` : ''}`}
        >
          {upload.isPending
            ? t('orders.uploadingPhoto')
            : photos.length
              ? t('orders.addAnotherPhoto')
              : t('orders.addPhotos')}
          <input
            type="file"
            accept={ACCEPTED}
            multiple
            className="visually-hidden"
            onChange={(event) => void choose(event)}
            disabled={disabled || upload.isPending}
          />
        </label>
      )}
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
