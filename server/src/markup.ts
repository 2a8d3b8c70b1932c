const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML or XML, in an element or a quoted attribute: the five characters markup reads, escaped. */
export function markupText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
