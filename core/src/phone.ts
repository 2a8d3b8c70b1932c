/**
 * PRODUCT.md: Indian mobiles, 10 digits starting 6 to 9. `+91`, `91`, a leading `0`, spaces, dashes,
 * dots and brackets are accepted on input. Returns the 10 digits, or null when it is not such a number.
 */
export function normalizeIndianMobile(input: string): string | null {
  let digits = input.trim().replace(/[\s\-().]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** 98765 43210 -> '98765 43210' for display; 'XXXXXX3210' style masking for messages. */
export function maskPhone(phone: string): string {
  return `${'X'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}
