import { Suspense } from 'react';
import { Link } from 'react-router';
import { footerPolicyLinks, shopContact } from '../features/content/index.ts';
import { NewsletterForm } from '../features/newsletter/index.ts';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop" className={styles.title}>
            Rudraksha Ratna
          </h2>
          <p>Authentic rudraksha, certified gemstones and handmade malas, shipped across India.</p>
          <p>
            <a href={`mailto:${shopContact.email}`}>{shopContact.email}</a>
            <br />
            <a href={shopContact.phoneHref}>{shopContact.phoneDisplay}</a>
            <br />
            {shopContact.hours}
          </p>
        </section>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies" className={styles.title}>
            Help and Policies
          </h2>
          <ul className={styles.links}>
            {footerPolicyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <Suspense fallback={null}>
          <NewsletterForm />
        </Suspense>
      </div>
      <p className={styles.copyright}>
        © {new Date().getFullYear()} Rudraksha Ratna. Prices in Indian rupees, GST extra.
      </p>
    </footer>
  );
}
