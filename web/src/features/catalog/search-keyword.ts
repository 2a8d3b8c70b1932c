import { MAX_KEYWORD_LENGTH } from '@rr/core';

/**
 * The keyword as the search asks for it: trimmed and cut to the server's limit, so a long pasted text
 * still searches (for its start) instead of failing with 'keyword must be at most 100 characters'.
 * Cut between characters, never inside one: half an emoji cannot be sent in a URL.
 */
export function searchKeyword(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.length <= MAX_KEYWORD_LENGTH) return trimmed;
  let cut = '';
  for (const char of trimmed) {
    if (cut.length + char.length > MAX_KEYWORD_LENGTH) break;
    cut += char;
  }
  return cut.trim();
}
