import { lazy } from 'react';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { SHOP_NAME } from '../../../components/use-page-title.ts';
import { EmailLink, PhoneLink } from '../contact-links.tsx';
import { FaqList } from '../faq-list.tsx';
import { shopContact } from '../shop-details.ts';
import { StaticPage } from '../static-page.tsx';
import styles from '../content.module.css';

// The Hindi prose is a module of its own, loaded on Hindi pages only: paragraphs with lists and links
// read better as JSX than as message keys cut at every link.
const Hindi = lazy(() => import('../hindi/faq.tsx').then((m) => ({ default: m.FaqHindi })));

export function FaqPage() {
  const t = useT();
  const language = useLanguage();
  return (
    <StaticPage
      title={`${t('content.link.faqs')} | ${SHOP_NAME}`}
      heading={t('content.faq.heading')}
      description={t('content.faq.description')}
    >
      {language === 'hi' ? <Hindi /> : <FaqEnglish />}
    </StaticPage>
  );
}

function FaqEnglish() {
  return (
    <>
      <p className={styles.intro}>
        Quick answers about rudraksha, our gemstones and malas, and how ordering works. Select a question to open its
        answer.
      </p>
      <FaqList titled={false} />
      <section>
        <h2>Still have a question?</h2>
        <p>
          E-mail <EmailLink /> or call <PhoneLink />, {shopContact.hours}.
        </p>
      </section>
    </>
  );
}
