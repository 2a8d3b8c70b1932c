import { useT } from '../../../i18n/index.tsx';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import styles from './review-photos.module.css';

const widthOf = (photo: string, width: 320 | 1200) => photo.replace(/-w720\.webp$/, `-w${width}.webp`);

/**
 * Issue 28: a review's photos as small thumbnails that load only when scrolled near, so a product with
 * many reviewed photos opens as fast as one without. Each is a link to the larger picture (what a page
 * not yet taken over by the browser's script opens); once it is, a tap shows it over the page instead.
 */
export function ReviewPhotos({ photos, reviewer }: { photos: readonly string[]; reviewer: string }) {
  const [shown, setShown] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const t = useT();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (shown !== null && !dialog.open) dialog.showModal();
    if (shown === null && dialog.open) dialog.close();
  }, [shown]);

  const open = (i: number) => (event: MouseEvent) => {
    // A new tab or window asked for (Ctrl, Shift, middle button) is the browser's to open.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setShown(i);
  };
  const label = (i: number) => t('review.photoBy', { n: i + 1, name: reviewer });

  return (
    <>
      <ul className={styles.photos} aria-label={t('review.photosBy', { name: reviewer })}>
        {photos.map((photo, i) => (
          <li key={photo}>
            <a href={widthOf(photo, 1200)} onClick={open(i)}>
              <img
                src={widthOf(photo, 320)}
                alt={t('review.opensLarger', { label: label(i) })}
                width={80}
                height={80}
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        onClose={() => setShown(null)}
        aria-label={shown === null ? undefined : label(shown)}
      >
        {shown !== null && (
          <>
            <img src={widthOf(photos[shown]!, 1200)} alt={label(shown)} className={styles.large} />
            <button type="button" className="btn" onClick={() => setShown(null)} autoFocus>
              {t('review.close')}
            </button>
          </>
        )}
      </dialog>
    </>
  );
}
