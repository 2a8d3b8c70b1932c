import { RETURN_REASON_MAX, returnRequestInput, type ReturnRequestInput, type Returnability } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { fieldErrors } from '../../../components/field-errors.ts';
import { FormField, TextAreaField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { useRequestReturn } from '../after-sale-api.ts';
import styles from '../pages/orders.module.css';
import { ReturnPhotos } from './return-photos.tsx';

type ReturnableLine = Returnability['lines'][number];

/** A line can be chosen when it has a product and units left to return, and no reason against it. */
const choosable = (line: ReturnableLine) => line.product !== null && line.returnableQty > 0 && !line.reason;

/** The body the server takes, from the form's state: only the lines with units chosen. */
export function returnBody(
  lines: readonly ReturnableLine[],
  qty: readonly number[],
  fields: { resolution: Resolution; reason: string; photos: string[]; videoUrl: string },
): ReturnRequestInput {
  const video = fields.videoUrl.trim();
  return {
    lines: lines.flatMap((line, n) =>
      qty[n]! > 0 && line.product ? [{ product: line.product, variant: line.variant, qty: qty[n]! }] : [],
    ),
    reason: fields.reason,
    photos: fields.photos,
    ...(video ? { videoUrl: video } : {}),
    resolution: fields.resolution,
  };
}

/**
 * The return form: how many of each line (up to what is still returnable), refund or replacement, why,
 * and photos or an unboxing video link (PRODUCT.md "Refunds, cancellations and returns").
 */
export function ReturnForm({
  orderId,
  returnability,
  onSent,
  onClose,
}: {
  orderId: string;
  returnability: Returnability;
  onSent: () => void;
  onClose: () => void;
}) {
  const { lines } = returnability;
  const [qty, setQty] = useState<number[]>(() => lines.map((line) => (choosable(line) && lines.length === 1 ? 1 : 0)));
  const [resolution, setResolution] = useState<Resolution>('refund');
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [videoUrl, setVideoUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = useRequestReturn(orderId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = returnBody(lines, qty, { resolution, reason, photos, videoUrl });
    const checked = returnRequestInput.safeParse(body);
    setErrors(checked.success ? {} : fieldErrors(checked.error.issues));
    if (checked.success) request.mutate(checked.data, { onSuccess: onSent });
  };

  return (
    <form className={styles.returnForm} onSubmit={submit} noValidate aria-label="Return or replace items">
      {request.isError && <Message variant="danger">{request.error.message}</Message>}
      <fieldset className={styles.returnLines}>
        <legend>Items to return</legend>
        {lines.map((line, n) => (
          <LineStepper
            key={`${line.product}|${line.variant}`}
            line={line}
            value={qty[n]!}
            onChange={(next) => setQty((all) => all.map((q, i) => (i === n ? next : q)))}
          />
        ))}
        {errors.lines && <p className={styles.fieldError}>{errors.lines}</p>}
      </fieldset>
      <ResolutionChoice value={resolution} onChange={setResolution} />
      <TextAreaField
        label="Reason"
        hint="What is wrong with the item? (damaged, not as described, wrong item…)"
        maxLength={RETURN_REASON_MAX}
        rows={4}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={errors.reason}
      />
      <ReturnPhotos photos={photos} setPhotos={setPhotos} disabled={request.isPending} />
      <FormField
        label="Or an unboxing video link"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="A link to the video (Google Drive, YouTube…), if you recorded one."
        maxLength={500}
        value={videoUrl}
        onChange={(e) => setVideoUrl(e.currentTarget.value)}
        error={errors.videoUrl ?? errors.photos}
      />
      <div className={styles.formButtons}>
        <Button type="submit" busy={request.isPending} busyLabel="Sending…">
          Send Return Request
        </Button>
        <Button variant="outline" onClick={onClose} disabled={request.isPending}>
          Close
        </Button>
      </div>
    </form>
  );
}

type Resolution = ReturnRequestInput['resolution'] & string;

/** A refund, or the same item again. */
function ResolutionChoice({ value, onChange }: { value: Resolution; onChange: (next: Resolution) => void }) {
  return (
    <fieldset className={styles.resolution}>
      <legend>What would you like?</legend>
      <label>
        <input type="radio" name="resolution" checked={value === 'refund'} onChange={() => onChange('refund')} />A
        refund
      </label>
      <label>
        <input
          type="radio"
          name="resolution"
          checked={value === 'replacement'}
          onChange={() => onChange('replacement')}
        />
        A replacement of the same item
      </label>
    </fieldset>
  );
}

/** Why a line cannot be chosen: the server's reason, or a product since taken off the catalog. */
const whyNot = (line: ReturnableLine) =>
  line.reason ??
  (line.product === null ? 'No longer in our catalog: please contact us to return it.' : 'Nothing left to return');

/** One line of the order: a − / + stepper up to its returnable units, or why it cannot be returned. */
function LineStepper({
  line,
  value,
  onChange,
}: {
  line: ReturnableLine;
  value: number;
  onChange: (qty: number) => void;
}) {
  const can = choosable(line);
  return (
    <div className={`${styles.returnLine}${can ? '' : ` ${styles.returnLineOff}`}`}>
      <div>
        <span className={styles.returnLineName}>{line.name}</span>
        <span className={styles.returnLineNote}>
          {can ? `${line.returnableQty} of ${line.qty} can be returned` : whyNot(line)}
        </span>
      </div>
      <div className={styles.stepper} role="group" aria-label={`How many of ${line.name}`}>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => onChange(value - 1)}
          disabled={!can || value <= 0}
          aria-label={`One fewer ${line.name}`}
        >
          −
        </button>
        <output aria-live="polite" aria-label={`${line.name} to return`}>
          {value}
        </output>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => onChange(value + 1)}
          disabled={!can || value >= line.returnableQty}
          aria-label={`One more ${line.name}`}
        >
          +
        </button>
      </div>
    </div>
  );
}
