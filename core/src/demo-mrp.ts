/**
 * SPEC's card rule, used only to give demo products a plausible MRP: a deterministic
 * 50 to 90 percent derived from the product id, by which the price is raised.
 */
export function demoMarkupPercent(productId: string): number {
  let hash = 0;
  for (const ch of productId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return 50 + (hash % 41);
}
