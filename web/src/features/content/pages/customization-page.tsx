import { lazy } from 'react';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { usePolicy } from '../shop-details.ts';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../components/use-page-title.ts';
import { EmailLink, PhoneLink } from '../contact-links.tsx';
import { shopContact, shopPolicy } from '../shop-details.ts';
import { StaticPage } from '../static-page.tsx';
import styles from '../content.module.css';

// The Hindi prose is a module of its own, loaded on Hindi pages only: paragraphs with lists and links
// read better as JSX than as message keys cut at every link.
const Hindi = lazy(() => import('../hindi/customization.tsx').then((m) => ({ default: m.CustomizationHindi })));

export function CustomizationPage() {
  const t = useT();
  const language = useLanguage();
  const policy = usePolicy();
  return (
    <StaticPage
      title={`${t('content.link.customization')} | ${SHOP_NAME}`}
      heading={t('content.customization.heading')}
      description={t('content.customization.description', { customMaking: policy.customMaking })}
    >
      {language === 'hi' ? <Hindi /> : <CustomizationEnglish />}
    </StaticPage>
  );
}

function CustomizationEnglish() {
  return (
    <>
      <p className={styles.intro}>
        If the combination, cap, size or length you want is not in the shop, we can make it for you.
      </p>

      <section>
        <h2>What we can make</h2>
        <ul>
          <li>
            <strong>Bead combinations</strong>: several mukhis together in one bracelet, pendant or mala, including
            rudraksha with gemstones.
          </li>
          <li>
            <strong>Caps and settings</strong> in silver or gold. Tell us the metal and purity you want; the price
            depends on the metal&apos;s weight.
          </li>
          <li>
            <strong>Bracelets</strong> made to your wrist size.
          </li>
          <li>
            <strong>Malas</strong> of 27+1, 54+1 or 108+1 beads, on thread or on a silver or gold chain.
          </li>
        </ul>
      </section>

      <section>
        <h2>How to order</h2>
        <ol>
          <li>
            E-mail <EmailLink subject="Custom order" /> or call <PhoneLink /> ({shopContact.hours}) with what you would
            like: beads, metal, size or length, and reference photos if you have them.
          </li>
          <li>We reply with the design, the price and the making time.</li>
          <li>You pay 100% of the price in advance, by the payment link we send you.</li>
          <li>We make your piece and send you photos before dispatch.</li>
          <li>We dispatch it, and delivery takes {shopPolicy.delivery} after dispatch.</li>
        </ol>
      </section>

      <section>
        <h2>Payment and making time</h2>
        <ul>
          <li>Custom pieces are paid 100% upfront.</li>
          <li>Cash on Delivery and part payment are not available for custom orders.</li>
          <li>Making takes {shopPolicy.customMaking} from payment.</li>
        </ul>
      </section>

      <section>
        <h2>Changes, cancellation and returns</h2>
        <p>
          You can change the design until we start making it. After that, a custom order cannot be cancelled, and it is
          not returnable unless it arrives damaged or defective, as described in{' '}
          <Link to="/shipping-and-return">Shipping and Returns</Link>.
        </p>
      </section>

      <section>
        <h2>Measuring your wrist</h2>
        <p>
          Wrap a strip of paper or a tape measure around your wrist just below the wrist bone, mark where it meets and
          measure it in centimetres. Add 1 to 2 cm for a comfortable fit and send us that number.
        </p>
      </section>
    </>
  );
}
