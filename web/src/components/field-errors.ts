/** Field names that are not words, as people write them. */
const FIELD_WORDS: Record<string, string> = {
  mrp: 'MRP',
  otp: 'OTP',
  qty: 'Quantity',
  email: 'Email',
  countInStock: 'Count in stock',
  gstin: 'GSTIN',
  hsnCode: 'HSN code',
  gstPercent: 'GST rate',
  uqc: 'UQC',
  videoUrl: 'Video link',
};

/** 'postalCode' → 'Postal code', 'mrp' → 'MRP', 'name' → 'Name'. */
export function fieldLabel(field: string): string {
  const known = FIELD_WORDS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A schema message for display: its leading field name (the schemas' 'postalCode must be...',
 * 'countInStock must be...') in words, and a capital first letter.
 */
export function displayMessage(message: string): string {
  const match = /^([a-z][A-Za-z0-9]*)(?=\s)/.exec(message);
  if (match) return fieldLabel(match[1]!) + message.slice(match[1]!.length);
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The first message per field of a failed schema check, ready for display under that field. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= displayMessage(issue.message);
  }
  return errors;
}
