import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'preact-render-to-string';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGallery } from './product-gallery.tsx';

const pictures = ['/images/a.svg', '/images/b.svg', '/images/c.svg'];

/** jsdom lays nothing out: give the track a width and record where it is asked to scroll. */
function layOut(track: HTMLElement, width = 360) {
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: width });
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    track.scrollLeft = options.left ?? 0;
  });
  Object.defineProperty(track, 'scrollTo', { configurable: true, value: scrollTo });
  return scrollTo;
}

const counter = () => screen.getByText(/\d \/ 3/).textContent;
const currentThumb = () =>
  screen.getAllByRole('button', { name: /Show picture/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');

afterEach(() => vi.restoreAllMocks());

describe('ProductGallery', () => {
  it('shows every picture as a square slide with a thumbnail, the first one current', () => {
    render(<ProductGallery images={pictures} alt="5 Mukhi bead" />);
    const images = screen.getAllByRole('img', { name: /5 Mukhi bead/, hidden: true });
    expect(images.map((img) => img.getAttribute('src'))).toEqual(pictures);
    for (const img of images) {
      expect(img.getAttribute('width')).toBe('600');
      expect(img.getAttribute('height')).toBe('600');
    }
    expect(images[0]!.getAttribute('loading')).toBe('eager');
    expect(images[1]!.getAttribute('loading')).toBe('lazy');
    expect(counter()).toBe('1 / 3');
    expect(currentThumb()).toBe(0);
  });

  it('moves with the buttons, wrapping round, and scrolls the track to the picture', () => {
    render(<ProductGallery images={pictures} alt="Ruby" />);
    const scrollTo = layOut(screen.getByLabelText(/Picture 1 of 3/));
    fireEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(counter()).toBe('2 / 3');
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 360 }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(counter()).toBe('3 / 3');
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 720 }));
  });

  it('jumps to a thumbnail and follows a swipe (the scroll position), and the arrow keys', () => {
    render(<ProductGallery images={pictures} alt="Ruby" />);
    const track = screen.getByLabelText(/Picture 1 of 3/);
    layOut(track);
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 3' }));
    expect(currentThumb()).toBe(2);
    // On its way to picture 3 the smooth scroll passes picture 2: that does not move the counter back.
    track.scrollLeft = 360;
    fireEvent.scroll(track);
    expect(counter()).toBe('3 / 3');

    // A finger takes over: the picture scrolled into view is the current one.
    fireEvent.pointerDown(track);
    track.scrollLeft = 360;
    fireEvent.scroll(track);
    expect(counter()).toBe('2 / 3');
    expect(currentThumb()).toBe(1);
    // Only the picture in view is announced.
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual(['true', null, 'true']);

    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 3');
    fireEvent.keyDown(track, { key: 'ArrowLeft' });
    expect(counter()).toBe('2 / 3');
  });

  it('shows one picture alone, without buttons', () => {
    render(<ProductGallery images={['/images/a.svg']} alt="Tulsi mala" />);
    expect(screen.getByRole('img', { name: 'Tulsi mala' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('counts a swipe made before the app took the page over (the server-rendered track scrolls by itself)', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(<ProductGallery images={pictures} alt="Ruby" />);
    document.body.append(page);
    const track = screen.getByLabelText(/Picture 1 of 3/);
    layOut(track);
    track.scrollLeft = 360;
    act(() => {
      hydrateRoot(page, <ProductGallery images={pictures} alt="Ruby" />);
    });
    expect(counter()).toBe('2 / 3');
    expect(currentThumb()).toBe(1);
    page.remove();
  });
});
