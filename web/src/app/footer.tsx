import { Suspense } from 'react';
import { Link } from 'react-router';
import { footerPolicyLinks, shopContact } from '../features/content/index.ts';
import { NewsletterForm } from '../features/newsletter/index.ts';
import { useT } from '../i18n/index.tsx';
import styles from './footer.module.css';

export function Footer() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop" className={styles.title}>
            {t('layout.shopName')}
          </h2>
          <p>{t('layout.footerAbout')}</p>
          <p>
            <a href={`mailto:${shopContact.email}`}>{shopContact.email}</a>
            <br />
            <a href={shopContact.phoneHref}>{shopContact.phoneDisplay}</a>
            <br />
            {t('layout.hours')}
          </p>
        </section>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies" className={styles.title}>
            {t('layout.footerPolicies')}
          </h2>
          <ul className={styles.links}>
            {footerPolicyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <Suspense fallback={null}>
          <NewsletterForm />
        </Suspense>
      </div>
      <p className={styles.copyright}>{t('layout.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
