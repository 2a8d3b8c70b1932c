import { BANNER_IMAGE_COUNT, BANNER_ROTATE_MS } from '@rr/core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import styles from './banner-carousel.module.css';

/** Each offer's words and button are also real text and a real link: in the image they are unreadable on a phone. */
const BANNERS = [
  {
    src: '/images/banners/banner-1.svg',
    alt: 'Authentic Nepal rudraksha, lab certified',
    headline: 'Authentic Nepal rudraksha, lab certified',
    to: '/category/rudraksha',
    cta: 'Shop Rudraksha',
  },
  {
    src: '/images/banners/banner-2.svg',
    alt: 'Navratna gemstones for every planet',
    headline: 'Navratna gemstones for every planet',
    to: '/category/gems',
    cta: 'Explore Gems',
  },
  {
    src: '/images/banners/banner-3.svg',
    alt: 'Handmade jaap malas of 108 plus 1 beads',
    headline: 'Handmade jaap malas of 108+1 beads',
    to: '/category/mala',
    cta: 'Shop Malas',
  },
  {
    src: '/images/banners/banner-4.svg',
    alt: 'Free touch energization with every rudraksha',
    headline: 'Free touch energization with every rudraksha',
    to: '/energization',
    cta: 'How energization works',
  },
].slice(0, BANNER_IMAGE_COUNT);

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * SPEC: 4 images changing every 2 s; a click opens a larger view and pauses the rotation. With reduced
 * motion asked for, it does not rotate by itself until Play is pressed.
 */
export function BannerCarousel() {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const [pausedChoice, setPaused] = useState<boolean | null>(null);
  const paused = pausedChoice ?? reducedMotion;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stopped = open || paused;

  useEffect(() => {
    if (stopped) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % BANNERS.length), BANNER_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [stopped]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const current = BANNERS[index]!;
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="Offers">
      <button
        type="button"
        className={styles.slide}
        onClick={() => setOpen(true)}
        aria-label={`Enlarge: ${current.alt}`}
      >
        {BANNERS.map((banner, i) => (
          <img
            key={banner.src}
            src={banner.src}
            alt={i === index ? banner.alt : ''}
            aria-hidden={i === index ? undefined : true}
            width={1200}
            height={450}
            className={`${styles.image} ${i === index ? styles.visible : ''}`}
            fetchPriority={i === 0 ? 'high' : 'low'}
            loading={i === 0 ? 'eager' : 'lazy'}
          />
        ))}
      </button>
      <div className={styles.captions}>
        {BANNERS.map((banner, i) => (
          // All captions share one cell, so the tallest sets its height and nothing moves as they change.
          <p key={banner.src} className={`${styles.caption} ${i === index ? styles.currentCaption : ''}`}>
            <span className={styles.headline}>{banner.headline}</span>
            <Link to={banner.to} className={styles.cta}>
              {banner.cta} <span aria-hidden="true">→</span>
            </Link>
          </p>
        ))}
      </div>
      <div className={styles.controls}>
        {BANNERS.map((banner, i) => (
          <button
            key={banner.src}
            type="button"
            className={`${styles.dot} ${i === index ? styles.activeDot : ''}`}
            aria-label={`Show offer ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
        <button type="button" className={styles.pause} onClick={() => setPaused(!paused)}>
          {paused ? 'Play' : 'Pause'}
        </button>
      </div>
      <dialog ref={dialogRef} className={styles.dialog} onClose={() => setOpen(false)} aria-label={current.alt}>
        <img src={current.src} alt={current.alt} width={1200} height={450} className={styles.large} />
        <button type="button" className="btn" onClick={() => setOpen(false)} autoFocus>
          Close
        </button>
      </dialog>
    </section>
  );
}
