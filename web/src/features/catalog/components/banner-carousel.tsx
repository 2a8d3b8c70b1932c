import { useT, type MessageKey } from '../../../i18n/index.tsx';
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
interface Banner {
  stem: string;
  /** The picture's alt text, the caption's headline and its link's words, in the page's language. */
  alt: MessageKey;
  headline: MessageKey;
  to: string;
  cta: MessageKey;
  painted: { x: number; y: number; width: number; height: number };
}

const BANNERS = (
  [
    {
      stem: '/images/banners/banner-1',
      alt: 'home.banner1',
      headline: 'home.banner1',
      to: '/category/rudraksha',
      cta: 'home.banner1Cta',
      painted: { x: 72, y: 322, width: 225, height: 54 },
    },
    {
      stem: '/images/banners/banner-2',
      alt: 'home.banner2',
      headline: 'home.banner2',
      to: '/category/gems',
      cta: 'home.banner2Cta',
      painted: { x: 72, y: 322, width: 202, height: 54 },
    },
    {
      stem: '/images/banners/banner-3',
      alt: 'home.banner3Alt',
      headline: 'home.banner3',
      to: '/category/mala',
      cta: 'home.banner3Cta',
      painted: { x: 72, y: 322, width: 179, height: 54 },
    },
    {
      stem: '/images/banners/banner-4',
      alt: 'home.banner4',
      headline: 'home.banner4',
      to: '/energization',
      cta: 'home.banner4Cta',
      painted: { x: 72, y: 322, width: 202, height: 54 },
    },
  ] satisfies Banner[]
).slice(0, BANNER_IMAGE_COUNT);

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
  const t = useT();
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
      title={t(banner.cta)}
      onClick={onFollow}
    />
  );
}

/** Each offer's words and link, the shown one visible. */
function Captions({ index }: { index: number }) {
  const t = useT();
  return (
    <div className={styles.captions}>
      {BANNERS.map((banner, i) => (
        // All captions share one cell, so the tallest sets its height and nothing moves as they change.
        <p key={banner.stem} className={`${styles.caption} ${i === index ? styles.currentCaption : ''}`}>
          <span className={styles.headline}>{t(banner.headline)}</span>
          <Link to={banner.to} className={styles.cta}>
            {t(banner.cta)} <span aria-hidden="true">→</span>
          </Link>
        </p>
      ))}
    </div>
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
  const t = useT();
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
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={t('home.offers')}>
      <div className={styles.stage}>
        <button
          type="button"
          className={styles.slide}
          onClick={() => setOpen(true)}
          aria-label={t('home.enlarge', { label: t(current.alt) })}
        >
          {BANNERS.map((banner, i) =>
            i < loadable || i === index ? (
              <img
                key={banner.stem}
                {...picture(banner)}
                alt={i === index ? t(banner.alt) : ''}
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
      <Captions index={index} />
      <div className={styles.controls}>
        {BANNERS.map((banner, i) => (
          <button
            key={banner.stem}
            type="button"
            className={`${styles.dot} ${i === index ? styles.activeDot : ''}`}
            aria-label={t('home.showOffer', { n: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
        <button type="button" className={styles.pause} onClick={() => setPaused(!paused)}>
          {paused ? t('home.play') : t('home.pause')}
        </button>
      </div>
      <dialog ref={dialogRef} className={styles.dialog} onClose={() => setOpen(false)} aria-label={t(current.alt)}>
        <div className={styles.stage}>
          <img
            {...picture(current)}
            sizes="96vw"
            alt={t(current.alt)}
            width={WIDTH}
            height={HEIGHT}
            loading="lazy"
            className={styles.large}
          />
          <PaintedButton banner={current} onFollow={() => setOpen(false)} />
        </div>
        <button type="button" className="btn" onClick={() => setOpen(false)} autoFocus>
          {t('home.close')}
        </button>
      </dialog>
    </section>
  );
}
