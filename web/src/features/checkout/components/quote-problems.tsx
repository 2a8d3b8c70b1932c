import type { CartItem } from '@rr/core';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { Link } from 'react-router';
import { displayMessage } from '../../../components/field-errors.ts';
import { Message } from '../../../components/message.tsx';
import { cartLineName, lineKey } from '../../cart/index.ts';

/** Why the order cannot be placed as the cart stands, each with the way back to the cart. */
export function QuoteProblems({
  quoteError,
  unavailable,
  shortOfStock,
}: {
  quoteError: Error | null;
  unavailable: readonly CartItem[];
  shortOfStock: ReadonlyArray<{ item: CartItem; left: number }>;
}) {
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  const named = (item: CartItem) => cartLineName(item, language);
  const count = unavailable.length;
  return (
    <>
      {quoteError && (
        <Message variant="danger">
          {displayMessage(errorText(quoteError))} <Link to="/cart">{t('checkout.changeCart')}</Link>
        </Message>
      )}
      {unavailable.length > 0 && (
        <Message variant="danger">
          {t('checkout.unavailable', { names: unavailable.map(named).join(', '), count })}{' '}
          <Link to="/cart">{t('checkout.removeFromCart', { count })}</Link> {t('checkout.toContinue')}
        </Message>
      )}
      {shortOfStock.map(({ item, left }) => (
        <Message key={lineKey(item)} variant="danger">
          {t('checkout.onlyLeft', {
            left,
            name: item.variantName ? `${named(item)} (${item.variantName})` : named(item),
          })}{' '}
          <Link to="/cart">{t('checkout.changeQuantity')}</Link> {t('checkout.toContinue')}
        </Message>
      ))}
    </>
  );
}
