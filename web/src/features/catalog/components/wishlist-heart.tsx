import { useErrorText } from '../../../i18n/error-text.ts';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../../i18n/index.tsx';
import { useEarlyForm } from '../../../lib/early-form.ts';
import { useUserInfo, withRedirect } from '../../account/index.ts';
import { useToggleWishlist, useWishlistIds } from '../wishlist-api.ts';
import styles from './wishlist-heart.module.css';

/**
 * Issue 28: the heart that saves a product to the customer's wishlist, or takes it off: outlined when
 * not saved, filled when saved (aria-pressed says which). A guest's tap goes to sign in and comes back.
 * `labelled` (the product page) shows its name beside the heart; on a card the heart is alone.
 * A form of its own: a tap before the app has taken the server's page over is held by early.js and
 * answered once it has (a button's click would be lost then: on a slow phone, a heart that did nothing).
 */
export function WishlistHeart({
  productId,
  labelled = false,
  className,
  onChanged,
}: {
  productId: string;
  labelled?: boolean;
  className?: string;
  /**
   * The change made (saved or removed) and the server's words about it ("…is in your wishlist. It is
   * out of stock: …", English).
   */
  onChanged?: (change: { saved: boolean; message: string }) => void;
}) {
  const user = useUserInfo();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const saved = useWishlistIds().has(productId);
  const toggle = useToggleWishlist();
  const t = useT();
  const errorText = useErrorText();
  const form = useEarlyForm();
  // While the call runs the heart already shows what it asked for.
  const pressed = toggle.isPending ? toggle.variables.save : saved;
  const name = pressed ? t('product.removeFromWishlist') : t('product.saveToWishlist');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      navigate(withRedirect('/login', pathname + search));
      return;
    }
    if (toggle.isPending) return;
    const save = !saved;
    toggle.mutate({ productId, save }, { onSuccess: (reply) => onChanged?.({ saved: save, message: reply.message }) });
  };

  return (
    <form
      ref={form}
      className={[styles.wrap, labelled ? '' : styles.onCard, className].filter(Boolean).join(' ')}
      onSubmit={onSubmit}
    >
      <button
        type="submit"
        className={`${styles.heart} ${labelled ? styles.labelled : styles.alone}`}
        aria-pressed={pressed}
        aria-label={labelled ? undefined : name}
        title={labelled ? undefined : name}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className={styles.icon}>
          <path
            d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.9 1.2-1.8 2.8-2.9 4.8-2.9 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z"
            fill={pressed ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {labelled && <span>{name}</span>}
      </button>
      {toggle.isError && (
        <span className={styles.error} role="alert">
          {errorText(toggle.error)}
        </span>
      )}
    </form>
  );
}
