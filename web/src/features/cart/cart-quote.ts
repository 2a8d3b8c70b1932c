import {
  COUPON_CODE_PATTERN,
  normalizeCouponCode,
  type CartItem,
  type CartQuote,
  type ErrorCode,
  type PaymentMethod,
} from '@rr/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT, type Translate } from '../../i18n/index.tsx';
import { useErrorText } from '../../i18n/error-text.ts';
import { ApiError, apiFetch, refusedWith } from '../../lib/api-client.ts';
import { setCouponCode, useCouponCode } from './cart-store.ts';

/**
 * A cart line as an order or a quote names it: the product, quantity, and (issue 25) the variant and
 * the add-ons with their text.
 */
export function orderLine(item: CartItem) {
  return {
    product: item.product,
    qty: item.qty,
    ...(item.variant ? { variant: item.variant } : {}),
    ...(item.addOns?.length ? { addOns: item.addOns.map((a) => ({ _id: a._id, values: a.values })) } : {}),
  };
}

type OrderLine = ReturnType<typeof orderLine>;

/**
 * Where the cart goes, as far as it is known: the state splits GST (CGST + SGST or IGST) and (issue 27)
 * the pincode prices shipping on the rate card, decides Cash on Delivery and dates the delivery; and
 * (issue 28) whether store credit pays part of it.
 */
export interface QuotePlace {
  state?: string;
  postalCode?: string;
  /**
   * Issue 28: the customer pays part with their store credit. A payment, not a discount: the quote
   * answers what it takes (`storeCredit.applied`) and what is left to pay (`amountDue`).
   */
  useStoreCredit?: boolean;
}

/** The quote's query key: one per cart (lines and quantities), payment method, state, pincode and code. */
export const quoteKey = (
  orderItems: readonly OrderLine[],
  paymentMethod: PaymentMethod,
  place: QuotePlace,
  couponCode: string | null,
) =>
  [
    'quote',
    orderItems,
    paymentMethod,
    place.state ?? '',
    place.postalCode ?? '',
    couponCode ?? '',
    place.useStoreCredit ? 'store-credit' : '',
  ] as const;

function fetchQuote(
  orderItems: readonly OrderLine[],
  paymentMethod: PaymentMethod,
  place: QuotePlace,
  couponCode: string | null,
) {
  const { state, postalCode, useStoreCredit } = place;
  return apiFetch<CartQuote>('/api/orders/quote', {
    method: 'POST',
    json: {
      orderItems,
      paymentMethod,
      ...(state ? { state } : {}),
      ...(postalCode ? { postalCode } : {}),
      ...(couponCode ? { couponCode } : {}),
      ...(useStoreCredit ? { useStoreCredit: true } : {}),
    },
  });
}

/**
 * What the cart costs today, priced by the server: the place-order page shows these amounts. With the
 * delivery state, the quote also splits GST as the invoice will (CGST + SGST or IGST); with the pincode,
 * it prices shipping for its zone and says whether COD is offered; with a code, it says what it takes off.
 */
export function useCartQuote(
  cart: readonly CartItem[],
  paymentMethod: PaymentMethod,
  place: QuotePlace = {},
  couponCode: string | null = null,
) {
  const orderItems = cart.map(orderLine);
  return useQuery({
    queryKey: quoteKey(orderItems, paymentMethod, place, couponCode),
    queryFn: () => fetchQuote(orderItems, paymentMethod, place, couponCode),
    enabled: cart.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every refusal of a code (core's COUPON_* codes but COUPON_CODE_TAKEN, which is the owner's). */
const COUPON_REFUSALS: ErrorCode[] = [
  'COUPON_INVALID',
  'COUPON_NOT_STARTED',
  'COUPON_EXPIRED',
  'COUPON_USED_UP',
  'COUPON_CUSTOMER_LIMIT',
  'COUPON_FIRST_ORDER_ONLY',
  'COUPON_MIN_ORDER',
  'COUPON_NOT_APPLICABLE',
  'COUPON_TOO_MANY_TRIES',
];

/**
 * The server's words for a refused code (through `text`: on Hindi pages, issue 30, the code's text); null
 * when `error` is no refusal of a code.
 */
export function couponRefusal(error: unknown, text: (error: Error) => string = (e) => e.message): string | null {
  return refusedWith(error, ...COUPON_REFUSALS) ? text(error) : null;
}

/** What a code typed in is refused for before asking the server: empty, or not a code's shape. */
function typedCodeProblem(code: string, t: Translate): string | null {
  if (code === '') return t('cart.codeMissing');
  return COUPON_CODE_PATTERN.test(code) ? null : t('cart.codeShape');
}

/**
 * The cart's quote with its code (issue 26). Applying a code asks the quote with it first and keeps it
 * only when the server takes it; otherwise `refusal` holds the server's message. A kept code the server
 * refuses later (the cart fell under its minimum, it expired) is dropped with its message, so the amounts
 * shown are always a quote the order can be placed at.
 */
export function useCouponQuote(cart: readonly CartItem[], paymentMethod: PaymentMethod, place: QuotePlace = {}) {
  const queryClient = useQueryClient();
  const t = useT();
  const errorText = useErrorText();
  const code = useCouponCode();
  const quote = useCartQuote(cart, paymentMethod, place, code);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const keptRefused = code ? couponRefusal(quote.error, errorText) : null;

  useEffect(() => {
    if (keptRefused === null) return;
    setRefusal(keptRefused);
    setCouponCode(null);
  }, [keptRefused]);

  const apply = async (typed: string) => {
    const next = normalizeCouponCode(typed);
    const problem = typedCodeProblem(next, t);
    setRefusal(problem);
    if (problem) return;
    const orderItems = cart.map(orderLine);
    setApplying(true);
    try {
      await queryClient.fetchQuery({
        queryKey: quoteKey(orderItems, paymentMethod, place, next),
        queryFn: () => fetchQuote(orderItems, paymentMethod, place, next),
        staleTime: 0,
      });
      setCouponCode(next);
    } catch (error) {
      // A 4xx about the code says why as the customer should read it; other failures say what failed.
      setRefusal(error instanceof ApiError ? errorText(error) : t('cart.codeCheckFailed'));
      queryClient.removeQueries({ queryKey: quoteKey(orderItems, paymentMethod, place, next), exact: true });
    } finally {
      setApplying(false);
    }
  };

  const remove = () => {
    setRefusal(null);
    setCouponCode(null);
  };

  return { quote, code, refusal: keptRefused ?? refusal, applying, apply, remove };
}
