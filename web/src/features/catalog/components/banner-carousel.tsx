import { BANNER_IMAGE_COUNT, BANNER_ROTATE_MS } from '@rr/core';
import { useEffect, useRef, useState } from 'react';
import styles from './banner-carousel.module.css';

const BANNERS = [
  { src: '/images/banners/banner-1.svg', alt: 'Authentic Nepal rudraksha, lab certified' },
  { src: '/images/banners/banner-2.svg', alt: 'Navratna gemstones for every planet' },
  { src: '/images/banners/banner-3.svg', alt: 'Handmade jaap malas of 108 plus 1 beads' },
  { src: '/images/banners/banner-4.svg', alt: 'Free touch energization with every rudraksha' },
].slice(0, BANNER_IMAGE_COUNT);

/** SPEC: 4 images changing every 2 s; a click opens a larger view and pauses the rotation. */
export function BannerCarousel() {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [paused, setPaused] = useState(false);
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
        <button type="button" className={styles.pause} onClick={() => setPaused((p) => !p)}>
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
