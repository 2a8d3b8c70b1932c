import { REVIEW_RATINGS, reviewInput } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { SelectField, TextAreaField, fieldErrors } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { useCreateReview } from '../api.ts';
import styles from './review-form.module.css';

export const REVIEW_SUBMITTED = 'Review submitted successfully';

/**
 * SPEC §2 'Write a Customer Review', for signed-in customers: the product reloads with the new rating.
 * One review per customer: once `reviewed` (after a reload too), the form gives way to a thank-you.
 */
export function ReviewForm({ productId, reviewed }: { productId: string; reviewed: boolean }) {
  const create = useCreateReview(productId);
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInput.safeParse({ rating: rating === '' ? undefined : Number(rating), comment });
    if (!parsed.success) {
      create.reset();
      const found = fieldErrors(parsed.error.issues);
      // Nothing chosen yet is not a wrong number.
      if (rating === '') found.rating = 'Please select a rating';
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  if (create.isSuccess || reviewed) {
    return (
      <div className={`card ${styles.form}`}>
        {create.isSuccess && <Message variant="success">{REVIEW_SUBMITTED}</Message>}
        <p className={styles.done}>You have reviewed this product. Thank you for helping other customers choose.</p>
      </div>
    );
  }

  return (
    <form className={`card ${styles.form}`} onSubmit={submit} noValidate aria-labelledby="write-review-heading">
      {create.isError && <Message variant="danger">{create.error.message}</Message>}
      <SelectField
        label="Rating"
        name="rating"
        value={rating}
        onChange={(e) => setRating(e.target.value)}
        error={errors.rating}
        required
      >
        <option value="">Select...</option>
        {REVIEW_RATINGS.map(({ value, label }) => (
          <option key={value} value={value}>
            {value} - {label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Comment"
        name="comment"
        rows={4}
        maxLength={1000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={errors.comment}
        required
      />
      <button type="submit" className={`btn ${styles.submit}`} disabled={create.isPending}>
        Submit
      </button>
    </form>
  );
}
