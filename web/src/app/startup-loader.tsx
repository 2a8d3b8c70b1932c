import { STARTUP_LOADER_MS } from '@rr/core';
import { useEffect, useState } from 'react';
import styles from './startup-loader.module.css';

const SHOWN_KEY = 'rr.startupLoaderShown';

function alreadyShown(): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return true;
  }
}

/**
 * SPEC §2 / PRODUCT.md: a full-screen loader until the page has loaded and 2 s have passed,
 * on the first page load of a browser session only; the page renders underneath meanwhile.
 */
export function StartupLoader() {
  const [visible, setVisible] = useState(() => !alreadyShown());

  useEffect(() => {
    if (!visible) return;
    let loaded = document.readyState === 'complete';
    let waited = false;
    const hideWhenReady = () => {
      if (loaded && waited) {
        try {
          sessionStorage.setItem(SHOWN_KEY, '1');
        } catch {
          // Private mode without storage: the loader shows on each load.
        }
        setVisible(false);
      }
    };
    const onLoad = () => {
      loaded = true;
      hideWhenReady();
    };
    const timer = window.setTimeout(() => {
      waited = true;
      hideWhenReady();
    }, STARTUP_LOADER_MS);
    window.addEventListener('load', onLoad);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('load', onLoad);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <div className={styles.loader} role="status" aria-label="Loading Rudraksha Ratna" data-testid="startup-loader">
      <img src="/images/logo-mark.svg" alt="" width={96} height={96} className={styles.mark} />
    </div>
  );
}
