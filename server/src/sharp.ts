import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp, loaded with the first picture made rather than at start: its libvips costs about 20 MB of
 * memory and a tenth of a second, and most processes never resize a picture (issue 13). One libvips
 * thread per operation: a picture must not take both cores from the requests being served.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
