import { useId } from 'react';
import { Link } from 'react-router';
import { faqs } from './faqs.ts';
import styles from './content.module.css';

interface FaqListProps {
  /** Level of the list's title heading: 2 on the home page (the default), deeper when nested. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** The visible title; pass null where the page heading already says it (the FAQ page). */
  title?: string | null;
}

/** The shop's FAQ as an accordion of native details/summary elements: keyboard and screen-reader ready. */
export function FaqList({ headingLevel = 2, title = 'Frequently Asked Questions' }: FaqListProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      className={styles.faq}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : 'Frequently asked questions'}
    >
      {title && (
        <Heading id={titleId} className={styles.faqTitle}>
          {title}
        </Heading>
      )}
      {faqs.map((faq) => (
        <details key={faq.question} className={styles.faqItem}>
          <summary className={styles.faqQuestion}>{faq.question}</summary>
          <div className={styles.faqAnswer}>
            <p>{faq.answer}</p>
            {faq.more && (
              <p>
                <Link to={faq.more.to}>{faq.more.label}</Link>
              </p>
            )}
          </div>
        </details>
      ))}
    </section>
  );
}
