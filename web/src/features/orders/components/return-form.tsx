import {
  RETURN_LINE_REASONS,
  RETURN_REASON_MAX,
  returnRequestInput,
  type ReturnRequestInput,
  type Returnability,
} from '@rr/core';
import { useState, type FormEvent } from 'react';
import { useT, type Translate } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
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
  const errorText = useErrorText();
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = returnBody(lines, qty, { resolution, reason, photos, videoUrl });
    const checked = returnRequestInput.safeParse(body);
    setErrors(checked.success ? {} : formErrors(fieldErrors(checked.error.issues), t));
    if (checked.success) request.mutate(checked.data, { onSuccess: onSent });
  };

  return (
    <form className={styles.returnForm} onSubmit={submit} noValidate aria-label={t('orders.returnForm')}>
      {request.isError && <Message variant="danger">{errorText(request.error)}</Message>}
      <fieldset className={styles.returnLines}>
        <legend>{t('orders.itemsToReturn')}</legend>
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
        label={t('orders.returnReason')}
        hint={t('orders.returnReasonHint')}
        maxLength={RETURN_REASON_MAX}
        rows={4}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={errors.reason}
      />
      <ReturnPhotos photos={photos} setPhotos={setPhotos} disabled={request.isPending} />
      <FormField
        label={t('orders.videoLink')}
        type="url"
        inputMode="url"
        placeholder="https://"
        hint={t('orders.videoLinkHint')}
        maxLength={500}
        value={videoUrl}
        onChange={(e) => setVideoUrl(e.currentTarget.value)}
        error={errors.videoUrl ?? errors.photos}
      />
      <div className={styles.formButtons}>
        <Button type="submit" busy={request.isPending} busyLabel={t('orders.sending')}>
          {t('orders.sendReturn')}
        </Button>
        <Button variant="outline" onClick={onClose} disabled={request.isPending}>
          {t('orders.close')}
        </Button>
      </div>
    </form>
  );
}

type Resolution = ReturnRequestInput['resolution'] & string;

/**
 * The form's problems in the page's language: the schema's (core's, in English) for the fields a
 * customer can get wrong, by field; any other stays as the schema says it.
 */
function formErrors(errors: Record<string, string>, t: Translate): Record<string, string> {
  const said: Record<string, string> = { ...errors };
  if (errors.lines) said.lines = t('orders.chooseItem');
  if (errors.reason) said.reason = t('orders.returnReasonMissing');
  if (errors.videoUrl) said.videoUrl = t('orders.videoLinkInvalid');
  if (errors.photos) said.photos = t('orders.photoOrVideo');
  return said;
}

/** A refund, or the same item again. */
function ResolutionChoice({ value, onChange }: { value: Resolution; onChange: (next: Resolution) => void }) {
  const t = useT();
  return (
    <fieldset className={styles.resolution}>
      <legend>{t('orders.whatWouldYouLike')}</legend>
      <label>
        <input type="radio" name="resolution" checked={value === 'refund'} onChange={() => onChange('refund')} />
        {t('orders.wantRefund')}
      </label>
      <label>
        <input
          type="radio"
          name="resolution"
          checked={value === 'replacement'}
          onChange={() => onChange('replacement')}
        />
        {t('orders.wantReplacement')}
      </label>
    </fieldset>
  );
}

/** Why a line cannot be chosen: the server's reason, or a product since taken off the catalog. */
function whyNot(line: ReturnableLine, t: Translate): string {
  if (line.reason === RETURN_LINE_REASONS.notReturnable) return t('orders.returnRefusedMadeToOrder');
  if (line.reason === RETURN_LINE_REASONS.allReturned) return t('orders.lineAlreadyReturned');
  if (line.reason) return line.reason;
  return line.product === null ? t('orders.lineNotInCatalog') : t('orders.lineNothingLeft');
}

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
  const t = useT();
  const name = { name: line.name };
  return (
    <div className={`${styles.returnLine}${can ? '' : ` ${styles.returnLineOff}`}`}>
      <div>
        <span className={styles.returnLineName}>{line.name}</span>
        <span className={styles.returnLineNote}>
          {can ? t('orders.lineReturnable', { left: line.returnableQty, qty: line.qty }) : whyNot(line, t)}
        </span>
      </div>
      <div className={styles.stepper} role="group" aria-label={t('orders.howManyOf', name)}>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => onChange(value - 1)}
          disabled={!can || value <= 0}
          aria-label={t('orders.oneFewer', name)}
        >
          −
        </button>
        <output aria-live="polite" aria-label={t('orders.toReturn', name)}>
          {value}
        </output>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => onChange(value + 1)}
          disabled={!can || value >= line.returnableQty}
          aria-label={t('orders.oneMore', name)}
        >
          +
        </button>
      </div>
    </div>
  );
}
