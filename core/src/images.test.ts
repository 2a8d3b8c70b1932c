import { describe, expect, it } from 'vitest';
import { CANONICAL_WIDTH, IMAGE_WIDTHS, responsiveImage, widthUrl } from './images.ts';

describe('responsiveImage', () => {
  it('gives an upload every stored width, the 720 one as src', () => {
    const url = '/uploads/0f5c3a52-8d55-4c57-9a0b-2f6d1f3f1a11-w720.webp';
    expect(responsiveImage(url, '50vw')).toEqual({
      src: url,
      srcSet:
        '/uploads/0f5c3a52-8d55-4c57-9a0b-2f6d1f3f1a11-w320.webp 320w, ' +
        '/uploads/0f5c3a52-8d55-4c57-9a0b-2f6d1f3f1a11-w720.webp 720w, ' +
        '/uploads/0f5c3a52-8d55-4c57-9a0b-2f6d1f3f1a11-w1200.webp 1200w',
      sizes: '50vw',
    });
  });

  it('finds the same set from any stored width, and for the shipped product art', () => {
    const fromNarrow = responsiveImage('/images/products/nepal-5-mukhi-rudraksha-w320.webp');
    expect(fromNarrow.src).toBe('/images/products/nepal-5-mukhi-rudraksha-w720.webp');
    expect(fromNarrow.srcSet).toBe(
      IMAGE_WIDTHS.map((w) => `/images/products/nepal-5-mukhi-rudraksha-w${w}.webp ${w}w`).join(', '),
    );
    expect(fromNarrow.sizes).toBeUndefined();
  });

  it.each([
    '/uploads/3b1e.jpg',
    '/uploads/0f5c3a52-8d55-4c57-9a0b-2f6d1f3f1a11.webp',
    '/images/products/nepal-5-mukhi-rudraksha.svg',
    '/images/placeholder-product.svg',
    '/uploads/x-w999.webp',
    '/uploads/x-w720.webp?v=1',
    'https://elsewhere.example/uploads/x-w720.webp',
    '/uploads/../secret-w720.webp',
    '',
  ])('leaves %j as it is, with no srcSet or sizes', (url) => {
    expect(responsiveImage(url, '100vw')).toEqual({ src: url });
  });

  it('names each width beside the canonical one', () => {
    expect(widthUrl('/uploads/a', CANONICAL_WIDTH)).toBe('/uploads/a-w720.webp');
  });
});
