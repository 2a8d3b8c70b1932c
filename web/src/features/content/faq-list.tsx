import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/index.tsx';
import { faqKey, faqs } from './faqs.ts';
import { shopContact, usePolicy } from './shop-details.ts';
import styles from './content.module.css';

interface FaqListProps {
  /** Level of the list's title heading: 2 on the home page (the default), deeper when nested. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Whether to show the list's title; not where the page heading already says it (the FAQ page). */
  titled?: boolean;
}

/** The shop's FAQ as an accordion of native details/summary elements: keyboard and screen-reader ready. */
export function FaqList({ headingLevel = 2, titled = true }: FaqListProps) {
  const t = useT();
  const policy = usePolicy();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const params = { ...policy, email: shopContact.email, phone: shopContact.phoneDisplay };
  return (
    <section
      className={styles.faq}
      aria-labelledby={titled ? titleId : undefined}
      aria-label={titled ? undefined : t('content.faq.listLabel')}
    >
      {titled && (
        <Heading id={titleId} className={styles.faqTitle}>
          {t('content.faq.title')}
        </Heading>
      )}
      {faqs.map((faq) => (
        <details key={faq.id} className={styles.faqItem}>
          <summary className={styles.faqQuestion}>{t(faqKey(faq, 'question'))}</summary>
          <div className={styles.faqAnswer}>
            <p>{t(faqKey(faq, 'answer'), params)}</p>
            {faq.more && (
              <p>
                <Link to={faq.more}>{t(faqKey(faq, 'more'))}</Link>
              </p>
            )}
          </div>
        </details>
      ))}
    </section>
  );
}
