import { cutKeyword } from '@rr/core';

/**
 * The keyword as the search asks for it: trimmed and cut to the server's limit, so a long pasted text
 * still searches (for its start) instead of failing with 'keyword must be at most 100 characters'.
 * Cut between characters, never inside one: half an emoji cannot be sent in a URL.
 */
export const searchKeyword: (raw: string) => string = cutKeyword;
