/**
 * Issue 30: the invoice's and credit note's headings in English and Hindi, on every document whatever
 * the customer's language (a tax invoice may be bilingual; its figures and the English words stay as the
 * GST rules and the shop's accounts read them). "English / हिन्दी", one string each.
 */
export const DOCUMENT_LABELS = {
  taxInvoice: 'TAX INVOICE / कर बीजक',
  creditNote: 'CREDIT NOTE / क्रेडिट नोट',
  billedTo: 'BILLED TO / बिल प्राप्तकर्ता',
  shippedTo: 'SHIPPED TO / डिलीवरी का पता',
  amountInWords: 'Amount in words / राशि शब्दों में',
  amountCreditedInWords: 'Amount credited in words / जमा राशि शब्दों में',
  total: 'Total / कुल (₹)',
  totalCredit: 'Total credit / कुल जमा (₹)',
  signatory: 'Authorised Signatory / अधिकृत हस्ताक्षरकर्ता',
} as const;
