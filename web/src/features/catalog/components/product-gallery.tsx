import { useT } from '../../../i18n/index.tsx';
import { responsiveImage } from '@rr/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styles from './product-gallery.module.css';

/**
 * Issue 14: a product's pictures (the main one first). A row of square slides that snap into place, so
 * a phone swipes through them with the browser's own scrolling; buttons and thumbnails move to a picture
 * for mouse and keyboard, and the picture in view is followed from the scroll position. Every slide
 * keeps its square box, so nothing moves when a picture arrives. One picture is shown alone.
 */
/** `sizes` tells the browser how wide the main picture is drawn, to pick from its stored widths. */
/** The previous (-1) or next (1) picture's button. */
function Arrow({ step, onClick }: { step: -1 | 1; onClick: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className={`${styles.arrow} ${step < 0 ? styles.prev : styles.next}`}
      onClick={onClick}
      aria-label={step < 0 ? t('product.previousPicture') : t('product.nextPicture')}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d={step < 0 ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
    </button>
  );
}

export function ProductGallery({ images, alt, sizes = '100vw' }: { images: string[]; alt: string; sizes?: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  /** The slide a button or thumbnail is scrolling to: the scroll positions on the way there do not count. */
  const heading = useRef<number | null>(null);
  const count = images.length;
  const t = useT();

  // The slide in view, from where the track is scrolled (swipes, buttons and thumbnails alike).
  useEffect(() => {
    const el = track.current;
    if (!el || count < 2) return;
    const onScroll = () => {
      const index = Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / Math.max(1, el.clientWidth))));
      if (heading.current !== null) {
        if (index !== heading.current) return;
        heading.current = null;
      }
      setCurrent(index);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // A swipe before the app took the page over (the server's HTML scrolls on its own) counts too.
    onScroll();
    return () => el.removeEventListener('scroll', onScroll);
  }, [count]);

  const show = (index: number) => {
    const target = (index + count) % count;
    heading.current = target;
    setCurrent(target);
    const el = track.current;
    if (!el) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo?.({ left: target * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(current + 1);
    else if (event.key === 'ArrowLeft') show(current - 1);
    else return;
    event.preventDefault();
  };

  if (count <= 1) {
    return (
      <div className={`card ${styles.gallery}`}>
        <img
          {...responsiveImage(images[0] ?? '', sizes)}
          alt={alt}
          width={600}
          height={600}
          fetchPriority="high"
          className={styles.image}
        />
      </div>
    );
  }

  return (
    <section
      className={`card ${styles.gallery}`}
      aria-roledescription="carousel"
      aria-label={t('product.pictures', { name: alt })}
    >
      <div className={styles.stage}>
        <div
          ref={track}
          className={styles.track}
          tabIndex={0}
          onKeyDown={onKeyDown}
          // A finger or a wheel takes over from a scroll a button started.
          onPointerDown={() => (heading.current = null)}
          onWheel={() => (heading.current = null)}
          aria-label={t('product.pictureOf', { n: current + 1, count })}
        >
          {images.map((src, i) => (
            <div
              key={src}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('product.nOfCount', { n: i + 1, count })}
              aria-hidden={i === current ? undefined : true}
            >
              <img
                {...responsiveImage(src, sizes)}
                alt={i === 0 ? alt : t('product.pictureAlt', { name: alt, n: i + 1 })}
                width={600}
                height={600}
                className={styles.image}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                draggable={false}
              />
            </div>
          ))}
        </div>
        <Arrow step={-1} onClick={() => show(current - 1)} />
        <Arrow step={1} onClick={() => show(current + 1)} />
        <p className={styles.counter} aria-live="polite">
          {current + 1} / {count}
        </p>
      </div>
      <ul className={styles.thumbs} aria-label={t('product.choosePicture')}>
        {images.map((src, i) => (
          <li key={src}>
            <button
              type="button"
              className={styles.thumb}
              aria-label={t('product.showPicture', { n: i + 1 })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => show(i)}
            >
              <img {...responsiveImage(src, '64px')} alt="" width={64} height={64} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
