import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Rating } from './rating.tsx';

/** The filled row's width: a full star is 20% of the five, half a star 10%. */
const filledWidth = (value: number) => {
  const { unmount } = render(<Rating value={value} />);
  const stars = screen.getByRole('img', { name: `Rated ${value.toFixed(1)} out of 5` });
  const width = (stars.firstElementChild as HTMLElement).style.width;
  unmount();
  return width;
};

describe('Rating', () => {
  it.each([
    [0, '0%'],
    [3.5, '70%'],
    [4.2, '80%'],
    [4.3, '90%'],
    [5, '100%'],
  ])('fills %s stars as %s of the row, in half steps', (value, width) => {
    expect(filledWidth(value)).toBe(width);
  });

  it('says the rating and the text, in two elements for the stars however many there are', () => {
    const { container } = render(<Rating value={4.5} text="12 reviews" />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' }).querySelectorAll('*')).toHaveLength(1);
    expect(container.textContent).toBe('12 reviews');
  });
});
