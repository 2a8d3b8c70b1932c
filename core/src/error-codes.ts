// Apart from the contract's schemas, so the browser's first JavaScript can branch on a code without zod.

/**
 * Stable codes every refusal carries beside its message. Clients branch on the code, never on the
 * English text (which SPEC fixes for people, not programs). The server's error plugin is the only place
 * that turns a code's kind into an HTTP status.
 */
export const errorCodes = {
  /** The session's token is invalid, expired or revoked: the client must sign the user out. */
  tokenFailed: 'TOKEN_FAILED',
  /** The call needs a signed-in user and carried no token. */
  noToken: 'NO_TOKEN',
  /** The call needs an admin. */
  notAdmin: 'NOT_ADMIN',
  /** Issue 29: a staff member whose role does not cover the call (the owner can change the role). */
  roleForbids: 'ROLE_FORBIDS',

  // Any route
  /** A field is missing, of the wrong type, out of range or holds text no field accepts. */
  validationFailed: 'VALIDATION_FAILED',
  /** The body could not be read at all (not JSON, a content type no route takes, too large). */
  malformedRequest: 'MALFORMED_REQUEST',
  /** The address is not valid percent-encoded UTF-8, or a segment of it is too long. */
  badAddress: 'BAD_ADDRESS',
  /** No route answers this method and path. */
  routeNotFound: 'ROUTE_NOT_FOUND',
  /** Too many requests from this client: wait for the Retry-After seconds. */
  rateLimited: 'RATE_LIMITED',
  /** The database is away for a moment: retry after the Retry-After seconds. */
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  /** Something failed on the server's side. */
  internal: 'INTERNAL',
  /** The server is overloaded and sheds requests for a moment: retry after the Retry-After seconds. */
  overloaded: 'OVERLOADED',
  /** A search ran out of its time on the database: fewer or other words, or retry after Retry-After. */
  searchTimedOut: 'SEARCH_TIMED_OUT',

  // Accounts and signing in
  phoneTaken: 'PHONE_TAKEN',
  emailTaken: 'EMAIL_TAKEN',
  /** Wrong phone or password; for an admin's code sign-in, a wrong password or a wrong code (one answer). */
  badCredentials: 'BAD_CREDENTIALS',
  tooManyWrongPasswords: 'TOO_MANY_WRONG_PASSWORDS',
  tooManyWrongCodes: 'TOO_MANY_WRONG_CODES',
  phoneNotRegistered: 'PHONE_NOT_REGISTERED',
  codeDailyLimit: 'CODE_DAILY_LIMIT',
  codeHourlyLimit: 'CODE_HOURLY_LIMIT',
  /** A code was sent less than a minute ago. */
  codeResendWait: 'CODE_RESEND_WAIT',
  smsFailed: 'SMS_FAILED',
  /** No live code for the phone: it expired, was never sent or was replaced. */
  codeExpired: 'CODE_EXPIRED',
  wrongCode: 'WRONG_CODE',
  /** The code stopped working after too many wrong tries. */
  codeUsedUp: 'CODE_USED_UP',
  adminNeedsPassword: 'ADMIN_NEEDS_PASSWORD',
  /** Password hashing is at capacity: retry after the Retry-After seconds. */
  signInBusy: 'SIGN_IN_BUSY',
  userNotFound: 'USER_NOT_FOUND',
  currentPasswordRequired: 'CURRENT_PASSWORD_REQUIRED',
  currentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  cannotDemoteSelf: 'CANNOT_DEMOTE_SELF',
  cannotDeleteSelf: 'CANNOT_DELETE_SELF',
  lastAdmin: 'LAST_ADMIN',

  // Catalog, categories, reviews, uploads, pincodes
  productNotFound: 'PRODUCT_NOT_FOUND',
  /** Orders changed a product's stock while an admin was editing it. */
  stockChanged: 'STOCK_CHANGED',
  mrpBelowPrice: 'MRP_BELOW_PRICE',
  /** Issue 25: another variant of the shop has this SKU. */
  skuTaken: 'SKU_TAKEN',
  /** An entry's _id (variant or add-on) is not one of this product's. */
  unknownEntry: 'UNKNOWN_ENTRY',
  categoryNotFound: 'CATEGORY_NOT_FOUND',
  unknownCategory: 'UNKNOWN_CATEGORY',
  /** A higher GST rate would put products of the category above their MRP. */
  gstAboveMrp: 'GST_ABOVE_MRP',
  alreadyReviewed: 'ALREADY_REVIEWED',
  /** Issue 28: a review's photo is not a picture stored by this shop. */
  unknownReviewPhoto: 'UNKNOWN_REVIEW_PHOTO',
  notMultipart: 'NOT_MULTIPART',
  noImage: 'NO_IMAGE',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  oneImageOnly: 'ONE_IMAGE_ONLY',
  malformedUpload: 'MALFORMED_UPLOAD',
  notAnImage: 'NOT_AN_IMAGE',
  /** A certificate upload is neither a PDF nor a JPEG, PNG or WebP image (by its bytes). */
  notACertificate: 'NOT_A_CERTIFICATE',
  certificateTooLarge: 'CERTIFICATE_TOO_LARGE',
  /** No uploaded picture or certificate is stored under this address. */
  fileNotFound: 'FILE_NOT_FOUND',
  /** The storage holding uploads (S3) cannot be reached: retry after the Retry-After seconds. */
  fileStoreUnavailable: 'FILE_STORE_UNAVAILABLE',
  /** A back-in-stock alert was asked for a product that is in stock. */
  productInStock: 'PRODUCT_IN_STOCK',
  /** A guest's back-in-stock alert needs a phone. */
  phoneRequired: 'PHONE_REQUIRED',
  /** Issue 28: the customer's wishlist holds WISHLIST_MAX_ITEMS products already. */
  wishlistFull: 'WISHLIST_FULL',
  /** Wider or taller than an upload may be, whatever its bytes (a "pixel bomb"). */
  imageTooManyPixels: 'IMAGE_TOO_MANY_PIXELS',
  animatedImage: 'ANIMATED_IMAGE',
  invalidPincode: 'INVALID_PINCODE',
  /** No search synonym has this id. */
  synonymNotFound: 'SYNONYM_NOT_FOUND',
  unknownPincode: 'UNKNOWN_PINCODE',

  // Checkout and orders
  /** A product in the cart is not (or no longer) on sale. */
  productUnavailable: 'PRODUCT_UNAVAILABLE',
  lineQtyLimit: 'LINE_QTY_LIMIT',
  /** Issue 25: the line's variant is not one of its product's. */
  variantUnavailable: 'VARIANT_UNAVAILABLE',
  /** An add-on chosen is not the product's (or not for that variant), a required one is missing, or its texts are wrong. */
  addOnRefused: 'ADD_ON_REFUSED',
  outOfStock: 'OUT_OF_STOCK',
  /** Fewer left than the cart asks for; the message says how many. */
  notEnoughStock: 'NOT_ENOUGH_STOCK',
  // Issue 26: coupon codes (the message is the customer's, for the cart page to show as it is)
  /** No such code, or the owner paused it. */
  couponInvalid: 'COUPON_INVALID',
  couponNotStarted: 'COUPON_NOT_STARTED',
  couponExpired: 'COUPON_EXPIRED',
  /** Its total use limit is reached (counting checkouts being paid). */
  couponUsedUp: 'COUPON_USED_UP',
  /** This customer has used it as often as it allows. */
  couponCustomerLimit: 'COUPON_CUSTOMER_LIMIT',
  couponFirstOrderOnly: 'COUPON_FIRST_ORDER_ONLY',
  /** The lines it covers are worth less than its minimum: the message says how much more. */
  couponMinOrder: 'COUPON_MIN_ORDER',
  /** It is limited to products or categories none of the cart's lines are in. */
  couponNotApplicable: 'COUPON_NOT_APPLICABLE',
  /** Too many wrong codes from this client or account: wait for the Retry-After seconds. */
  couponTooManyTries: 'COUPON_TOO_MANY_TRIES',
  /** The owner's pages: another coupon has this code; no coupon or sale has this id. */
  couponCodeTaken: 'COUPON_CODE_TAKEN',
  offerNotFound: 'OFFER_NOT_FOUND',
  /** Another buyer took the last units while this order was being placed. */
  soldOut: 'SOLD_OUT',
  orderTooLarge: 'ORDER_TOO_LARGE',
  /** The cart now costs more than the total the customer was shown (and sent as `expectedTotal`). */
  priceChanged: 'PRICE_CHANGED',
  /** The customer's unpaid orders and holds would pass the unpaid units or value limit. */
  unpaidLimit: 'UNPAID_LIMIT',
  openCashOnDeliveryLimit: 'OPEN_COD_LIMIT',
  orderNotFound: 'ORDER_NOT_FOUND',
  orderCancelled: 'ORDER_CANCELLED',
  orderDelivered: 'ORDER_DELIVERED',
  /** Handed to the courier: nobody cancels it now; the parcel comes back or the customer returns it. */
  orderShipped: 'ORDER_SHIPPED',
  orderPaid: 'ORDER_PAID',
  notCashOnDelivery: 'NOT_CASH_ON_DELIVERY',
  /** Orders awaiting their confirmation code would hold more than half of a product's stock. */
  unconfirmedShare: 'UNCONFIRMED_SHARE',
  /** A code was asked for an order that does not wait for one. */
  orderNotAwaiting: 'ORDER_NOT_AWAITING',
  /** The Idempotency-Key was used before with another request body. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** The first request with this Idempotency-Key is still running: retry after the Retry-After seconds. */
  idempotencyInProgress: 'IDEMPOTENCY_IN_PROGRESS',

  // Dispatch, invoices and refunds
  /** The order's address names no Indian state (by name or pincode), so no tax invoice can be issued. */
  placeOfSupplyUnknown: 'PLACE_OF_SUPPLY_UNKNOWN',
  /** The tax invoice is issued when the order ships. */
  invoiceNotIssued: 'INVOICE_NOT_ISSUED',
  noCreditNote: 'NO_CREDIT_NOTE',
  /** Only a failed refund can be retried. */
  refundNotFailed: 'REFUND_NOT_FAILED',

  // Online payment
  paymentFieldsMissing: 'PAYMENT_FIELDS_MISSING',
  /** The payment is not for a checkout of this customer. */
  unknownPayment: 'UNKNOWN_PAYMENT',
  paymentNotVerified: 'PAYMENT_NOT_VERIFIED',
  /** The payment gateway could not be reached: try again or pay on delivery. */
  paymentUnavailable: 'PAYMENT_UNAVAILABLE',
  noPaymentWaiting: 'NO_PAYMENT_WAITING',
  invalidWebhookSignature: 'INVALID_WEBHOOK_SIGNATURE',
  webhookNotJson: 'WEBHOOK_NOT_JSON',

  // The owner's desk: catalog import and exports
  /** The uploaded file is not CSV text we can read (encoding, binary, an unclosed quote). */
  csvUnreadable: 'CSV_UNREADABLE',
  /** The file is larger than the import takes. */
  csvTooLarge: 'CSV_TOO_LARGE',
  /** The import's rows have errors (listed by the preview): nothing was written. */
  importInvalid: 'IMPORT_INVALID',
  /** The catalog changed after the preview: preview the file again. */
  importStale: 'IMPORT_STALE',

  // Issue 27: shipping, Cash on Delivery, couriers and WhatsApp
  /** Cash on Delivery is not offered for this order (value, pincode, made-to-order): pay online. */
  codNotAvailable: 'COD_NOT_AVAILABLE',
  /** The courier service could not be reached or refused the booking: try again or ship by hand. */
  courierUnavailable: 'COURIER_UNAVAILABLE',
  /** The courier does not serve the delivery pincode. */
  pincodeNotServiced: 'PINCODE_NOT_SERVICED',
  /** Booking a parcel needs a courier service configured (or the sandbox). */
  courierNotConfigured: 'COURIER_NOT_CONFIGURED',
  /** Send courier and trackingNumber together, or neither. */
  shipmentIncomplete: 'SHIPMENT_INCOMPLETE',
  /** The order has no parcel booked through the courier service (no label). */
  noLabel: 'NO_LABEL',
  /** A Cash on Delivery order still waits for its customer's confirmation: it is not booked yet. */
  orderAwaitingConfirmation: 'ORDER_AWAITING_CONFIRMATION',
  // Issue 28: after the sale.
  /** A return is not possible: not delivered, the window passed, or the items are not returnable. */
  returnNotAllowed: 'RETURN_NOT_ALLOWED',
  /** The return does not exist (or is another customer's). */
  returnNotFound: 'RETURN_NOT_FOUND',
  /** The return's state does not allow that action. */
  returnStateConflict: 'RETURN_STATE_CONFLICT',
  /** More units than bought (less those already returned or refunded), or a line the order lacks. */
  refundUnits: 'REFUND_UNITS',
  /** Nothing was paid yet (a Cash on Delivery order before its cash), or the method does not fit the order. */
  refundNotAllowed: 'REFUND_NOT_ALLOWED',
  /** The refund does not exist on this order. */
  refundNotFound: 'REFUND_NOT_FOUND',
  /** Not enough store credit (spent elsewhere meanwhile), or a take-back larger than the balance. */
  storeCreditShort: 'STORE_CREDIT_SHORT',
  /** Issue 29: the order has no message with this id (another order's included). */
  messageNotFound: 'MESSAGE_NOT_FOUND',

  // Issue 28: saved addresses
  /** No saved address of the signed-in customer has this id (another customer's included). */
  addressNotFound: 'ADDRESS_NOT_FOUND',
  /** The customer already keeps as many addresses as an account may: delete one first. */
  addressLimit: 'ADDRESS_LIMIT',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
