import { useT } from '../../../i18n/index.tsx';
import { REVIEW_RATINGS, reviewInput } from '@rr/core';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextAreaField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useCreateReview } from '../api.ts';
import styles from './review-form.module.css';
import { ReviewPhotosInput } from './review-photos-input.tsx';

/**
 * SPEC §2 'Write a Customer Review', for signed-in customers: the product reloads with the new rating.
 * One review per customer: once `reviewed` (after a reload too), the form gives way to a thank-you.
 * Issue 28: up to three photos; `fromLink` (a review request's link) brings the form into view with
 * its first control focused.
 */
export function ReviewForm({
  productId,
  reviewed,
  fromLink = false,
}: {
  productId: string;
  reviewed: boolean;
  fromLink?: boolean;
}) {
  const create = useCreateReview(productId);
  const t = useT();
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({
    initialValues: { rating: '', comment: '' },
    schema: reviewInput,
    toInput: ({ rating, comment }) => ({
      rating: rating === '' ? undefined : Number(rating),
      comment,
      ...(photos.length ? { photos } : {}),
    }),
    // Nothing chosen yet is not a wrong number.
    check: ({ rating }) => ({ rating: rating === '' ? t('review.selectRating') : undefined }),
    onSubmit: (review) => create.mutateAsync(review),
  });

  useEffect(() => {
    if (!fromLink || !formRef.current) return;
    (document.getElementById('write-review-heading') ?? formRef.current).scrollIntoView({ block: 'start' });
    formRef.current.querySelector('select')?.focus({ preventScroll: true });
  }, [fromLink]);

  if (create.isSuccess || reviewed) {
    return (
      <div className={`card ${styles.form}`}>
        {create.isSuccess && <Message variant="success">{t('review.submitted')}</Message>}
        <p className={styles.done}>{t('review.done')}</p>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      className={`card ${styles.form}`}
      onSubmit={form.submit}
      noValidate
      aria-labelledby="write-review-heading"
    >
      {form.error && <Message variant="danger">{form.error}</Message>}
      <SelectField label={t('review.rating')} required {...form.field('rating')}>
        <option value="">{t('review.select')}</option>
        {REVIEW_RATINGS.map(({ value }) => (
          <option key={value} value={value}>
            {value} - {t(`review.rating.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('review.comment')} rows={4} maxLength={1000} required {...form.field('comment')} />
      <ReviewPhotosInput photos={photos} setPhotos={setPhotos} onBusy={setUploading} />
      <Button
        type="submit"
        className={styles.submit}
        busy={form.busy || uploading}
        busyLabel={uploading ? t('review.uploading') : undefined}
      >
        {t('review.submit')}
      </Button>
    </form>
  );
}
