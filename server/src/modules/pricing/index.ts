// The pricing module's public face: the one function that prices a cart into a quote (decision 0039).
export {
  priceCart,
  quoteAnswer,
  refuseUnavailable,
  type CartDestination,
  type CartOffers,
  type PricedCart,
} from './service.ts';
