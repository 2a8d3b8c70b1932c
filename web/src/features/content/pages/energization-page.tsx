import { lazy } from 'react';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../components/use-page-title.ts';
import { EmailLink, PhoneLink } from '../contact-links.tsx';
import { shopPolicy } from '../shop-details.ts';
import { StaticPage } from '../static-page.tsx';
import styles from '../content.module.css';

// The Hindi prose is a module of its own, loaded on Hindi pages only: paragraphs with lists and links
// read better as JSX than as message keys cut at every link.
const Hindi = lazy(() => import('../hindi/energization.tsx').then((m) => ({ default: m.EnergizationHindi })));

export function EnergizationPage() {
  const t = useT();
  const language = useLanguage();
  return (
    <StaticPage
      title={`${t('content.link.energization')} | ${SHOP_NAME}`}
      heading={t('content.energization.heading')}
      description={t('content.energization.description')}
    >
      {language === 'hi' ? <Hindi /> : <EnergizationEnglish />}
    </StaticPage>
  );
}

function EnergizationEnglish() {
  return (
    <>
      <p className={styles.intro}>
        We energize any rudraksha you buy from us free of charge before it is sent. Here is what that means and how to
        ask for it.
      </p>

      <section>
        <h2>What touch energization is</h2>
        <p>
          Traditionally a rudraksha is consecrated with prayer before it is first worn. In touch energization our priest
          holds your bead throughout the puja, so that the mantras are chanted with the bead in hand. It is offered for
          rudraksha beads, bracelets and malas.
        </p>
      </section>

      <section>
        <h2>How it is done</h2>
        <ol>
          <li>The bead is washed in Ganga water.</li>
          <li>
            It is placed before the Shiva shrine at our Varanasi office and offered sandalwood paste, flowers and
            incense.
          </li>
          <li>
            Holding the bead, the priest takes a sankalp (resolve) in the wearer&apos;s name, and gotra if you give it,
            then chants the mantra for its mukhi 108 times.
          </li>
          <li>The bead is packed in a clean pouch for dispatch.</li>
        </ol>
      </section>

      <section>
        <h2>How to ask for it</h2>
        <p>
          Place your order as usual. Then, before the order is dispatched, e-mail{' '}
          <EmailLink subject="Energization request" /> or call <PhoneLink /> with:
        </p>
        <ul>
          <li>your order number,</li>
          <li>the wearer&apos;s name,</li>
          <li>their gotra, if they know it (optional).</li>
        </ul>
        <p>
          Tell us on the day you order if you can: energization is done within our usual dispatch time of{' '}
          {shopPolicy.dispatch}, so it does not delay your parcel.
        </p>
      </section>

      <section>
        <h2>What it costs</h2>
        <p>Nothing. Energization is free for every rudraksha we sell.</p>
      </section>

      <section>
        <h2>When your bead arrives</h2>
        <p>
          It is ready to wear and does not need energizing again. Many people first wear it on a Monday morning after
          bathing, while chanting &ldquo;Om Namah Shivaya&rdquo;. To keep it in good condition, see{' '}
          <Link to="/faqs">how to care for your rudraksha</Link>.
        </p>
        <p className={styles.note}>
          Energization is a religious practice. We do not promise any particular result, and it is not a substitute for
          medical advice.
        </p>
      </section>
    </>
  );
}
