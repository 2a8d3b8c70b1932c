// Issue 25: how a bought line names its choices wherever it is printed (invoice, messages, exports).

/** "Nepal 5 Mukhi Rudraksha — 20 mm": a product with the variant bought; the name alone without one. */
export function productWithVariant(name: string, variantName: string | null | undefined): string {
  return variantName ? `${name} — ${variantName}` : name;
}

/**
 * "Wearer's name: राम कुमार; Gotra: Kashyap": the texts the buyer filled in for an add-on, in the order
 * the add-on asks them; fields left empty are left out. "" when none was filled.
 */
export function addOnValuesText(values: Readonly<Record<string, string>> | null | undefined): string {
  return Object.entries(values ?? {})
    .filter(([, value]) => value.trim() !== '')
    .map(([field, value]) => `${field}: ${value.trim()}`)
    .join('; ');
}

/** "Energisation for Rudraksha Mala — Wearer's name: राम कुमार; Gotra: Kashyap": an add-on's own line. */
export function addOnLineLabel(
  addOnName: string,
  productName: string,
  values: Readonly<Record<string, string>> | null | undefined,
): string {
  const filled = addOnValuesText(values);
  return `${addOnName} for ${productName}${filled ? ` — ${filled}` : ''}`;
}

/** "Energisation (Wearer's name: राम कुमार)": an add-on under its product line. */
export function addOnChoiceLabel(
  addOnName: string,
  values: Readonly<Record<string, string>> | null | undefined,
): string {
  const filled = addOnValuesText(values);
  return filled ? `${addOnName} (${filled})` : addOnName;
}

/**
 * The texts in the order the add-on asks for them (`fields`), then any it no longer asks for: stored
 * texts come back from the database with their keys in its own order.
 */
export function inFieldOrder(
  values: Readonly<Record<string, string>>,
  fields: readonly string[],
): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const field of fields) if (field in values) ordered[field] = values[field]!;
  for (const [field, value] of Object.entries(values)) if (!(field in ordered)) ordered[field] = value;
  return ordered;
}
