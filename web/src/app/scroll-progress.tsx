import { useEffect, useRef } from 'react';
import styles from './scroll-progress.module.css';

/** SPEC §2: a thin bar fixed at the top, 10% wide plus up to 90% by scroll position. */
export function ScrollProgress() {
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const el = document.documentElement;
      const scrollable = el.scrollHeight - el.clientHeight;
      const fraction = scrollable > 0 ? Math.min(1, el.scrollTop / scrollable) : 0;
      if (barRef.current) barRef.current.style.width = `${10 + 90 * fraction}%`;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  return <div ref={barRef} className={styles.bar} aria-hidden="true" data-testid="scroll-progress" />;
}
