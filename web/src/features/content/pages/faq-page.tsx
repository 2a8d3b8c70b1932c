import { SHOP_NAME } from '../../../components/use-page-title.ts';
import { EmailLink, PhoneLink } from '../contact-links.tsx';
import { FaqList } from '../faq-list.tsx';
import { shopContact } from '../shop-details.ts';
import { StaticPage } from '../static-page.tsx';
import styles from '../content.module.css';

export function FaqPage() {
  return (
    <StaticPage
      title={`FAQs | ${SHOP_NAME}`}
      heading="Frequently Asked Questions"
      description="Answers about rudraksha, who can wear it and how to care for it, lab certificates, free energization, payment, shipping times, cancellation and returns."
    >
      <p className={styles.intro}>
        Quick answers about rudraksha, our gemstones and malas, and how ordering works. Select a question to open its
        answer.
      </p>
      <FaqList title={null} />
      <section>
        <h2>Still have a question?</h2>
        <p>
          E-mail <EmailLink /> or call <PhoneLink />, {shopContact.hours}.
        </p>
      </section>
    </StaticPage>
  );
}
