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
const Hindi = lazy(() => import('../hindi/terms.tsx').then((m) => ({ default: m.TermsHindi })));

export function TermsPage() {
  const t = useT();
  const language = useLanguage();
  return (
    <StaticPage
      title={`${t('content.link.terms')} | ${SHOP_NAME}`}
      heading={t('content.terms.heading')}
      description={t('content.terms.description')}
    >
      {language === 'hi' ? <Hindi /> : <TermsEnglish />}
    </StaticPage>
  );
}

function TermsEnglish() {
  return (
    <>
      <p className={styles.intro}>
        These terms apply when you use this website or buy from {SHOP_NAME}. By placing an order you accept them,
        together with our <Link to="/shipping-and-return">Shipping and Returns</Link> policy and our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <section>
        <h2>Your account</h2>
        <ul>
          <li>You need an account, registered with your mobile number, to place an order.</li>
          <li>
            Give your real name, e-mail and phone number, and keep your password and one-time codes to yourself: orders
            placed from your account are treated as yours.
          </li>
          <li>We may suspend an account that is used for fraud or to abuse the shop.</li>
        </ul>
      </section>

      <section>
        <h2>Our products</h2>
        <ul>
          <li>
            Rudraksha beads and gemstones are natural. Size, colour, shape and weight vary slightly from the
            photographs, which show a typical piece.
          </li>
          <li>
            We describe every item honestly: the mukhi count of a rudraksha, and the identity, weight and any treatment
            of a gemstone.
          </li>
          <li>
            Spiritual and astrological benefits are described as traditional beliefs. We do not promise any particular
            result, and nothing we sell replaces medical advice.
          </li>
        </ul>
      </section>

      <section>
        <h2>Prices and payment</h2>
        <ul>
          <li>All prices are in Indian rupees (INR).</li>
          <li>
            Tax of {shopPolicy.taxPercent}% of the items price is added at checkout. Shipping is free when your items
            total more than {shopPolicy.freeShippingAbove}, otherwise {shopPolicy.shippingFee}.
          </li>
          <li>
            You can pay by Cash on Delivery or online through our payment gateway, Razorpay. Online payment gives an
            instant {shopPolicy.onlineDiscountPercent}% discount on the items price.
          </li>
          <li>
            The price shown when you place your order is the price you pay. If a price is obviously wrong because of an
            error, we will contact you before dispatch: you may accept the correct price or cancel for a full refund.
          </li>
        </ul>
      </section>

      <PricesAndOrders />
    </>
  );
}

/** Prices, orders, cancellation, delivery and damaged items. */
function PricesAndOrders() {
  return (
    <>
      <section>
        <h2>Orders and stock</h2>
        <ul>
          <li>Every order is subject to stock being available.</li>
          <li>
            Many of our pieces are one of a kind. If we cannot supply an item you ordered, we will tell you promptly and
            refund in full whatever you paid for it.
          </li>
          <li>
            We may cancel an order we cannot deliver, such as one with an incomplete address or one we suspect is
            fraudulent, and refund any payment in full.
          </li>
        </ul>
      </section>

      <section>
        <h2>Cancellation</h2>
        <p>
          To cancel an order, contact us by e-mail at <EmailLink subject="Cancel order" /> or on the helpline{' '}
          <PhoneLink /> with your order number before the order is dispatched. Online payments for cancelled orders are
          refunded in full to the original payment method. Dispatched orders cannot be cancelled.
        </p>
      </section>

      <section>
        <h2>Delivery</h2>
        <p>
          We dispatch within {shopPolicy.dispatch} of payment, and delivery takes {shopPolicy.delivery} after dispatch.
          We deliver only within India. Details are on the <Link to="/shipping-and-return">Shipping and Returns</Link>{' '}
          page.
        </p>
      </section>

      <section>
        <h2>Damaged, defective or wrong items</h2>
        <p>
          Report a damaged, defective or wrong item within {shopPolicy.damageReport}, with your order number,
          photographs and a video of the parcel being opened. Our{' '}
          <Link to="/shipping-and-return">Shipping and Returns</Link> policy gives the same window. Please report it as
          soon as possible: the earlier we hear, the faster we can replace the item or refund you.
        </p>
      </section>

      <OrderTerms />
    </>
  );
}

/** Custom orders to the end. */
function OrderTerms() {
  return (
    <>
      <section>
        <h2>Custom orders</h2>
        <p>
          Custom pieces are made to your instructions, must be paid 100% in advance (no Cash on Delivery and no part
          payment) and take {shopPolicy.customMaking} to make. They cannot be cancelled once making has begun and cannot
          be returned unless they arrive damaged or defective. See <Link to="/customization">Customization</Link>.
        </p>
      </section>

      <section>
        <h2>Reviews</h2>
        <p>
          Reviews must be honest and about the product. Your name is shown with your review. We remove reviews that are
          abusive, unlawful, advertising or not about the product.
        </p>
      </section>

      <section>
        <h2>Use of this website</h2>
        <p>
          The text, photographs and design of this website belong to {SHOP_NAME}. Do not copy them for commercial use,
          and do not try to disrupt the website or access other customers&apos; data.
        </p>
      </section>

      <section>
        <h2>Our liability</h2>
        <p>
          As far as the law allows, our liability for an order is limited to the amount you paid for it. Nothing in
          these terms limits your rights under the Consumer Protection Act, 2019.
        </p>
      </section>

      <section>
        <h2>Governing law and disputes</h2>
        <p>
          These terms are governed by the laws of India. Please contact us first so that we can try to settle any
          complaint. Subject to your right as a consumer to approach a consumer commission, the courts at Varanasi,
          Uttar Pradesh have jurisdiction.
        </p>
      </section>

      <section>
        <h2>Changes to these terms</h2>
        <p>We may update these terms. The version shown on this page when you place an order applies to that order.</p>
      </section>

      <section>
        <h2>Questions</h2>
        <p>
          Write to <EmailLink /> or call <PhoneLink />. Our addresses are on the{' '}
          <Link to="/contact-us">Contact Us</Link> page.
        </p>
      </section>
    </>
  );
}
