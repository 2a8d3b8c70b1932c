import type { CartItem } from '@rr/core';
import { Link } from 'react-router';
import { displayMessage } from '../../../components/field-errors.ts';
import { Message } from '../../../components/message.tsx';
import { lineKey } from '../../cart/index.ts';

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
  return (
    <>
      {quoteError && (
        <Message variant="danger">
          {displayMessage(quoteError.message)} <Link to="/cart">Change your cart</Link>
        </Message>
      )}
      {unavailable.length > 0 && (
        <Message variant="danger">
          {unavailable.map((i) => i.name).join(', ')} {unavailable.length === 1 ? 'is' : 'are'} no longer available.{' '}
          <Link to="/cart">Remove {unavailable.length === 1 ? 'it' : 'them'} from your cart</Link> to continue.
        </Message>
      )}
      {shortOfStock.map(({ item, left }) => (
        <Message key={lineKey(item)} variant="danger">
          Only {left} of {item.name}
          {item.variantName ? ` (${item.variantName})` : ''} left.{' '}
          <Link to="/cart">Change the quantity in your cart</Link> to continue.
        </Message>
      ))}
    </>
  );
}
