// Issue 25: how a bought line names its choices wherever it is printed (invoice, messages, exports).

/** "Nepal 5 Mukhi Rudraksha — 20 mm": a product with the variant bought; the name alone without one. */
export function productWithVariant(name: string, variantName: string | null | undefined): string {
  return variantName ? `${name} — ${variantName}` : name;
}

/** Issue 30: what to call an add-on's fields instead of their names, by name (e.g. their Hindi labels). */
export type FieldLabels = Readonly<Record<string, string>> | null | undefined;

/**
 * "Wearer's name: राम कुमार; Gotra: Kashyap": the texts the buyer filled in for an add-on, in the order
 * the add-on asks them; fields left empty are left out. "" when none was filled. A field with a label
 * in `labels` (issue 30) is called by it.
 */
export function addOnValuesText(
  values: Readonly<Record<string, string>> | null | undefined,
  labels?: FieldLabels,
): string {
  return Object.entries(values ?? {})
    .filter(([, value]) => value.trim() !== '')
    .map(([field, value]) => `${labels?.[field]?.trim() || field}: ${value.trim()}`)
    .join('; ');
}

/**
 * "Energisation for Rudraksha Mala — Wearer's name: राम कुमार; Gotra: Kashyap": an add-on's own line;
 * with `hindi` (issue 30), that after the English names ("Energisation for Rudraksha Mala / रुद्राक्ष माला
 * के लिए अभिमंत्रण — Wearer's name: …").
 */
export function addOnLineLabel(
  addOnName: string,
  productName: string,
  values: Readonly<Record<string, string>> | null | undefined,
  hindi?: string | null,
  labels?: FieldLabels,
): string {
  const filled = addOnValuesText(values, labels);
  const names = `${addOnName} for ${productName}`;
  return `${hindi ? `${names} / ${hindi}` : names}${filled ? ` — ${filled}` : ''}`;
}

/** "Energisation (Wearer's name: राम कुमार)": an add-on under its product line. */
export function addOnChoiceLabel(
  addOnName: string,
  values: Readonly<Record<string, string>> | null | undefined,
  labels?: FieldLabels,
): string {
  const filled = addOnValuesText(values, labels);
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
