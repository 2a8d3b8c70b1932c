import { BANNER_IMAGE_COUNT, BANNER_ROTATE_MS, srcSetFor, widthUrl } from '@rr/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useHydratedStore } from '../../../lib/ssr-state.ts';
import styles from './banner-carousel.module.css';

/** The pictures' size, in which `painted` gives where each picture paints its button. */
const WIDTH = 1200;
const HEIGHT = 450;
/** The widths scripts/art/generate-art.mjs writes each banner in, as `<stem>-w<width>.webp`. */
const WIDTHS = [480, 800, 1200];
/** The slide is the page's width less its 1rem padding, at most 1168 px. */
const SIZES = '(min-width: 1200px) 1168px, calc(100vw - 32px)';

/**
 * Each offer's words and button are also real text and a real link: in the image they are unreadable on a
 * phone. `painted` is the button drawn in the picture (public/images/banners), which goes where it says.
 */
const BANNERS = [
  {
    stem: '/images/banners/banner-1',
    alt: 'Authentic Nepal rudraksha, lab certified',
    headline: 'Authentic Nepal rudraksha, lab certified',
    to: '/category/rudraksha',
    cta: 'Shop Rudraksha',
    painted: { x: 72, y: 322, width: 225, height: 54 },
  },
  {
    stem: '/images/banners/banner-2',
    alt: 'Navratna gemstones for every planet',
    headline: 'Navratna gemstones for every planet',
    to: '/category/gems',
    cta: 'Explore Gems',
    painted: { x: 72, y: 322, width: 202, height: 54 },
  },
  {
    stem: '/images/banners/banner-3',
    alt: 'Handmade jaap malas of 108 plus 1 beads',
    headline: 'Handmade jaap malas of 108+1 beads',
    to: '/category/mala',
    cta: 'Shop Malas',
    painted: { x: 72, y: 322, width: 179, height: 54 },
  },
  {
    stem: '/images/banners/banner-4',
    alt: 'Free touch energization with every rudraksha',
    headline: 'Free touch energization with every rudraksha',
    to: '/energization',
    cta: 'How energization works',
    painted: { x: 72, y: 322, width: 202, height: 54 },
  },
].slice(0, BANNER_IMAGE_COUNT);

type Banner = (typeof BANNERS)[number];

/** The middle width as src and all widths as srcset; `sizes` is the slide's. */
const picture = (banner: Banner) => ({
  src: widthUrl(banner.stem, 800),
  srcSet: srcSetFor(banner.stem, WIDTHS),
  sizes: SIZES,
});

/**
 * A link over the button painted in the picture, so a click on it goes where it says instead of enlarging
 * the picture. Out of the tab order and hidden from screen readers: the caption's link is the same link.
 */
function PaintedButton({ banner, onFollow }: { banner: Banner; onFollow?: () => void }) {
  const { x, y, width, height } = banner.painted;
  return (
    <Link
      to={banner.to}
      className={styles.painted}
      style={{
        left: `${(x / WIDTH) * 100}%`,
        top: `${(y / HEIGHT) * 100}%`,
        width: `${(width / WIDTH) * 100}%`,
        height: `${(height / HEIGHT) * 100}%`,
      }}
      tabIndex={-1}
      aria-hidden="true"
      title={banner.cta}
      onClick={onFollow}
    />
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useHydratedStore(
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
  /**
   * The slides whose pictures may load: the first at once (the page's largest picture), each next one once
   * the one before it has arrived, so the hidden slides never compete with the first for the network.
   */
  const [loadable, setLoadable] = useState(1);
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
      <div className={styles.stage}>
        <button
          type="button"
          className={styles.slide}
          onClick={() => setOpen(true)}
          aria-label={`Enlarge: ${current.alt}`}
        >
          {BANNERS.map((banner, i) =>
            i < loadable || i === index ? (
              <img
                key={banner.stem}
                {...picture(banner)}
                alt={i === index ? banner.alt : ''}
                aria-hidden={i === index ? undefined : true}
                width={WIDTH}
                height={HEIGHT}
                className={`${styles.image} ${i === index ? styles.visible : ''}`}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'auto' : 'async'}
                onLoad={() => setLoadable((n) => Math.max(n, i + 2))}
              />
            ) : null,
          )}
        </button>
        <PaintedButton banner={current} />
      </div>
      <div className={styles.captions}>
        {BANNERS.map((banner, i) => (
          // All captions share one cell, so the tallest sets its height and nothing moves as they change.
          <p key={banner.stem} className={`${styles.caption} ${i === index ? styles.currentCaption : ''}`}>
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
            key={banner.stem}
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
        <div className={styles.stage}>
          <img
            {...picture(current)}
            sizes="96vw"
            alt={current.alt}
            width={WIDTH}
            height={HEIGHT}
            loading="lazy"
            className={styles.large}
          />
          <PaintedButton banner={current} onFollow={() => setOpen(false)} />
        </div>
        <button type="button" className="btn" onClick={() => setOpen(false)} autoFocus>
          Close
        </button>
      </dialog>
    </section>
  );
}
