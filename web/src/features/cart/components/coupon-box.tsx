import { useLanguage, useT, type Translate } from '../../../i18n/index.tsx';
import { formatRupees, type Language, type QuoteCoupon } from '@rr/core';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import styles from './coupon-box.module.css';

export interface CouponBoxProps {
  /** The code kept with the cart, or null. */
  code: string | null;
  /** What the quote says the kept code does (absent while it is being priced). */
  coupon: QuoteCoupon | null | undefined;
  /** The server's message for a code it refused, shown as it is. */
  refusal: string | null;
  applying: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** While the order is being placed the code cannot change. */
  disabled?: boolean;
}

/**
 * Issue 26's code box: "Have a code?" with Apply; once the server took a code, the code and Remove (what
 * it saves is in the amounts beside it). The server's words are shown as they are: why a code was refused, or why it is not used
 * (the online discount is better and they do not combine).
 */
/**
 * Why a code is not applied: the server's words, or on a page in another language (issue 30) the same
 * said from the quote's reason.
 */
function whyNotApplied(coupon: QuoteCoupon, language: Language, t: Translate): string | null {
  if (language === 'en' || !coupon.reason) return coupon.message;
  if (coupon.reason === 'shipping_free') return t('cart.codeShippingFree');
  return t('cart.codeOnlineBetter', { amount: formatRupees(coupon.onlineDiscount ?? 0) });
}

export function CouponBox(props: CouponBoxProps) {
  const t = useT();
  return (
    <section className={styles.box} aria-label={t('cart.discountCode')}>
      {props.code ? <AppliedCode {...props} code={props.code} /> : <CodeForm {...props} />}
    </section>
  );
}

function CodeForm({ refusal, applying, onApply, disabled }: CouponBoxProps) {
  const [typed, setTyped] = useState('');
  const id = useId();
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(typed);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={id} className={styles.label}>
        {t('cart.haveCode')}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={`input ${styles.input}`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={60}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
          disabled={disabled}
        />
        <Button type="submit" variant="outline" busy={applying} busyLabel={t('cart.applying')} disabled={disabled}>
          {t('cart.apply')}
        </Button>
      </div>
      {refusal && (
        <p id={`${id}-refusal`} className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
    </form>
  );
}

function AppliedCode({ code, coupon, refusal, onRemove, disabled }: CouponBoxProps & { code: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <div className={styles.applied}>
      <p className={styles.codeLine}>
        <span>
          {t('cart.code')} <strong className={styles.code}>{code}</strong>
          {coupon?.applied && <span className={styles.taken}>{t('cart.applied')}</span>}
        </span>
        <button type="button" className={styles.remove} onClick={onRemove} disabled={disabled}>
          {t('cart.remove')}
          <span className="visually-hidden">{t('cart.removeCode', { code })}</span>
        </button>
      </p>
      {coupon && !coupon.applied && coupon.message && (
        <p className={styles.note}>{whyNotApplied(coupon, language, t)}</p>
      )}
      {refusal && (
        <p className={styles.refusal} role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
