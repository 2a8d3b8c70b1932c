/** SPEC §9 business constants, shared by server and browser. */
export const CATEGORIES = ['gems', 'mala', 'rudraksha'] as const;
export type Category = (typeof CATEGORIES)[number];

export const BANNER_IMAGE_COUNT = 4;
export const BANNER_ROTATE_MS = 2000;
export const BEST_SELLER_COUNT = 5;
/** GET /api/products/top: the top-rated products (SPEC §7 names the call, not the count). */
export const TOP_RATED_COUNT = 5;
export const HOME_GRID_LIMIT = 10;
export const STARTUP_LOADER_MS = 2000;
export const MOBILE_BREAKPOINT_PX = 768;

export const OTP_LENGTH = 4;
export const OTP_RESEND_SECONDS = 60;
export const OTP_VALID_MINUTES = 10;
export const PINCODE_LENGTH = 6;
/** PRODUCT.md: 6 digits, the first 1 to 9. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/**
 * Carats in one ratti. The trade in India prices gems by the "commercial" (pakki) ratti of 0.91 ct; the
 * botanical ratti (a gunja seed, about 0.12 g = 0.6 ct) is older and rarely quoted by sellers. The
 * product page says which one it shows.
 */
export const CARATS_PER_RATTI = 0.91;

export const CARD_NAME_MAX = 40;
export const CARD_NAME_TRUNCATED = 37;

/** Products per listing page (1 to 4 cards a row divide it evenly). */
export const PAGE_SIZE = 12;
export const MAX_PAGE_LIMIT = 48;
export const MAX_PAGE_NUMBER = 100_000;
export const MAX_KEYWORD_LENGTH = 100;

/** The most any configuration may allow of one product in an order (ORDER_MAX_LINE_QTY is at most this). */
export const MAX_LINE_QTY = 1000;
/** ORDER_MAX_LINE_QTY's default: quantity pickers offer up to this many. */
export const DEFAULT_MAX_LINE_QTY = 10;

export const DEFAULT_PAYMENT_METHOD = 'Cash on Delivery';
export const ONLINE_PAYMENT_METHOD = 'Razorpay';
/** Issue 28: an order paid entirely with store credit (no gateway, no cash). */
export const STORE_CREDIT_PAYMENT_METHOD = 'Store credit';
export const COUNTRY = 'India';
export const CURRENCY = 'INR';

/** SPEC §9 pricing rules, in paise. */
export const FREE_SHIPPING_ABOVE_PAISE = 100_00;
export const SHIPPING_FEE_PAISE = 100_00;
export const TAX_PERCENT = 18;
/** PRODUCT.md: a category's GST rate until an admin changes it (SPEC's 18%), in basis points. */
export const DEFAULT_GST_BASIS_POINTS = 1800;
/** The GST slabs an admin may give a category, in percent. */
export const GST_PERCENTS = [0, 0.25, 3, 5, 12, 18, 28] as const;
export const ONLINE_DISCOUNT_PERCENT = 10;
/**
 * GST unit quantity codes an invoice line may carry (issue 24): numbers, pieces, pairs, sets. A category
 * has one (NOS unless changed) and a product may override it.
 */
export const UQCS = ['NOS', 'PCS', 'PRS', 'SET'] as const;
export type Uqc = (typeof UQCS)[number];

export const MESSAGES = {
  productNotFound: 'Product not found',
  tokenFailed: 'Not authorized, token failed',
  failedToFetchProducts: 'Failed to fetch products',
  noProducts: 'No products found. Try a different keyword/category.',
  cartEmpty: 'Your cart is empty',
  noReviews: 'No Reviews',
  newsletterThanks: 'Thank you for subscribing! Watch your inbox for new arrivals and festival offers.',
} as const;

export const AUTH_MESSAGES = {
  noToken: 'Not authorized, no token',
  tokenFailed: 'Not authorized, token failed',
  notAdmin: 'Not authorized as an admin',
  badCredentials: 'Invalid phone number or password',
  userNotFound: 'User not found',
  passwordsDoNotMatch: 'Passwords do not match',
  profileUpdated: 'Profile Updated',
} as const;
