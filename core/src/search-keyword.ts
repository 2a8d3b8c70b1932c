import { MAX_KEYWORD_LENGTH } from './constants.ts';

/** The keyword as the search uses it: cut to MAX_KEYWORD_LENGTH between characters. */
export function cutKeyword(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.length <= MAX_KEYWORD_LENGTH) return trimmed;
  let cut = '';
  for (const char of trimmed) {
    if (cut.length + char.length > MAX_KEYWORD_LENGTH) break;
    cut += char;
  }
  return cut.trim();
}
