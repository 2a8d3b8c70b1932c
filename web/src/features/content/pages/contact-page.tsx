import { lazy } from 'react';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { usePolicy } from '../shop-details.ts';
import { SHOP_NAME } from '../../../components/use-page-title.ts';
import { EmailLink, OfficeCard, PhoneLink } from '../contact-links.tsx';
import { shopContact } from '../shop-details.ts';
import { StaticPage } from '../static-page.tsx';
import styles from '../content.module.css';

// The Hindi prose is a module of its own, loaded on Hindi pages only: paragraphs with lists and links
// read better as JSX than as message keys cut at every link.
const Hindi = lazy(() => import('../hindi/contact.tsx').then((m) => ({ default: m.ContactHindi })));

export function ContactPage() {
  const t = useT();
  const language = useLanguage();
  const policy = usePolicy();
  return (
    <StaticPage
      title={`${t('content.link.contact')} | ${SHOP_NAME}`}
      heading={t('content.contact.heading')}
      description={t('content.contact.description', {
        email: shopContact.email,
        phone: shopContact.phoneDisplay,
        hours: policy.hours,
      })}
    >
      {language === 'hi' ? <Hindi /> : <ContactEnglish />}
    </StaticPage>
  );
}

function ContactEnglish() {
  return (
    <>
      <p className={styles.intro}>
        For help choosing a bead, a question about an order, or a custom piece, write to us, call us or visit one of our
        offices.
      </p>

      <section>
        <h2>E-mail and helpline</h2>
        <address className={styles.card}>
          <dl className={styles.facts}>
            <dt>E-mail</dt>
            <dd>
              <EmailLink />
            </dd>
            <dt>Helpline</dt>
            <dd>
              <PhoneLink />
            </dd>
            <dt>Hours</dt>
            <dd>{shopContact.hours}, except public holidays</dd>
          </dl>
        </address>
        <p>
          About an existing order? Quote your order number, which is on your order page and in My Orders on your
          profile, and write from the e-mail or phone number on your account. For a damaged item, attach photos and your
          unboxing video.
        </p>
      </section>

      <section>
        <h2>Our offices</h2>
        <div className={styles.cards}>
          {shopContact.offices.map((office) => (
            <OfficeCard
              key={office.name}
              name={office.name}
              lines={office.lines}
              hours={`Open ${shopContact.hours}.`}
            />
          ))}
        </div>
      </section>

      <section>
        <h2>Complaints</h2>
        <p>
          If we have not resolved a problem, write to our Grievance Officer at <EmailLink subject="Grievance" /> or at
          our Varanasi head office. We acknowledge every complaint within 48 hours and aim to resolve it within one
          month.
        </p>
      </section>
    </>
  );
}
