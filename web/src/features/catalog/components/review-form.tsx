import { REVIEW_RATINGS, reviewInput } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextAreaField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useCreateReview } from '../api.ts';
import styles from './review-form.module.css';

export const REVIEW_SUBMITTED = 'Review submitted successfully';

/**
 * SPEC §2 'Write a Customer Review', for signed-in customers: the product reloads with the new rating.
 * One review per customer: once `reviewed` (after a reload too), the form gives way to a thank-you.
 */
export function ReviewForm({ productId, reviewed }: { productId: string; reviewed: boolean }) {
  const create = useCreateReview(productId);
  const form = useSchemaForm({
    initialValues: { rating: '', comment: '' },
    schema: reviewInput,
    toInput: ({ rating, comment }) => ({ rating: rating === '' ? undefined : Number(rating), comment }),
    // Nothing chosen yet is not a wrong number.
    check: ({ rating }) => ({ rating: rating === '' ? 'Please select a rating' : undefined }),
    onSubmit: (review) => create.mutateAsync(review),
  });

  if (create.isSuccess || reviewed) {
    return (
      <div className={`card ${styles.form}`}>
        {create.isSuccess && <Message variant="success">{REVIEW_SUBMITTED}</Message>}
        <p className={styles.done}>You have reviewed this product. Thank you for helping other customers choose.</p>
      </div>
    );
  }

  return (
    <form className={`card ${styles.form}`} onSubmit={form.submit} noValidate aria-labelledby="write-review-heading">
      {form.error && <Message variant="danger">{form.error}</Message>}
      <SelectField label="Rating" required {...form.field('rating')}>
        <option value="">Select...</option>
        {REVIEW_RATINGS.map(({ value, label }) => (
          <option key={value} value={value}>
            {value} - {label}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Comment" rows={4} maxLength={1000} required {...form.field('comment')} />
      <Button type="submit" className={styles.submit} busy={form.busy}>
        Submit
      </Button>
    </form>
  );
}
