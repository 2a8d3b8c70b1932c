import { useLanguage, useT, type MessageKey } from '../../../i18n/index.tsx';
import { PINCODE_PATTERN, type PincodeAnswer } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { deliveryDate } from '../../../components/delivery-words.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useEarlyForm } from '../../../lib/early-form.ts';
import { lookupPincode, rememberDeliveryPincode, useDeliveryPincode } from '../../../lib/delivery-pincode.ts';
import styles from './delivery-check.module.css';

type Answer = { kind: 'found'; place: PincodeAnswer } | { kind: 'problem'; text: MessageKey } | null;

/** What the server said of a pincode, in the customer's words. */
async function checkPincode(code: string): Promise<Answer> {
  if (!PINCODE_PATTERN.test(code)) return { kind: 'problem', text: 'product.pincodeDigits' };
  try {
    const place = await lookupPincode(code);
    return { kind: 'found', place };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return { kind: 'problem', text: 'product.pincodeUnknown' };
    return { kind: 'problem', text: 'product.pincodeFailed' };
  }
}

function DeliveryAnswer({ place }: { place: PincodeAnswer }) {
  const t = useT();
  const language = useLanguage();
  const { from, to } = place.deliverBy;
  const where = place.district && place.district !== place.city ? `${place.city}, ${place.district}` : place.city;
  return (
    <div className={styles.answer} data-testid="delivery-answer">
      {to && (
        <strong>
          {from === to
            ? t('product.deliveredBy', { date: deliveryDate(to, language) })
            : t('product.deliveredBetween', { from: deliveryDate(from, language), to: deliveryDate(to, language) })}
        </strong>
      )}
      <span>{t('product.deliveredTo', { place: where, state: place.state })}</span>
      <span className={place.cod ? styles.cod : styles.noCod}>
        {place.cod ? t('product.codAvailable') : t('product.codNotAvailable')}
      </span>
    </div>
  );
}

/**
 * Issue 27: "Deliver to" on the product page. Nothing is fetched until the customer checks a pincode,
 * so the page's first load is untouched; the last pincode checked (here or at checkout) is filled in.
 */
export function DeliveryCheck() {
  const remembered = useDeliveryPincode();
  const [typed, setTyped] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer>(null);
  const [busy, setBusy] = useState(false);
  // Server-rendered with the product page: taken over once hydrated (decision 0038).
  const formRef = useEarlyForm();
  const value = typed ?? remembered;
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    setBusy(true);
    const next = await checkPincode(code);
    setBusy(false);
    setAnswer(next);
    if (next?.kind === 'found') rememberDeliveryPincode(code);
  };

  return (
    <section className={styles.check} aria-label={t('product.deliveryLabel')}>
      <form ref={formRef} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="deliver-to">{t('product.deliverTo')}</label>
        <input
          id="deliver-to"
          className="input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={t('product.pincode')}
          value={value}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {t('product.check')}
        </button>
      </form>
      <div aria-live="polite">
        {answer?.kind === 'found' && <DeliveryAnswer place={answer.place} />}
        {answer?.kind === 'problem' && (
          <p className={styles.problem} role="alert">
            {t(answer.text)}
          </p>
        )}
      </div>
    </section>
  );
}
