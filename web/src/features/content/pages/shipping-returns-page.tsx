import { lazy } from 'react';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { usePolicy } from '../shop-details.ts';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../components/use-page-title.ts';
import { EmailLink, PhoneLink } from '../contact-links.tsx';
import { shopPolicy } from '../shop-details.ts';
import { StaticPage } from '../static-page.tsx';
import styles from '../content.module.css';

// The Hindi prose is a module of its own, loaded on Hindi pages only: paragraphs with lists and links
// read better as JSX than as message keys cut at every link.
const Hindi = lazy(() => import('../hindi/shipping-returns.tsx').then((m) => ({ default: m.ShippingReturnsHindi })));

export function ShippingReturnsPage() {
  const t = useT();
  const language = useLanguage();
  const policy = usePolicy();
  return (
    <StaticPage
      title={`${t('content.link.shippingReturns')} | ${SHOP_NAME}`}
      heading={t('content.shippingReturns.heading')}
      description={t('content.shippingReturns.description', {
        dispatch: policy.dispatch,
        delivery: policy.delivery,
        freeShippingAbove: shopPolicy.freeShippingAbove,
      })}
    >
      {language === 'hi' ? <Hindi /> : <ShippingReturnsEnglish />}
    </StaticPage>
  );
}

function ShippingReturnsEnglish() {
  return (
    <>
      <p className={styles.intro}>
        When your order leaves us, when it reaches you, what shipping costs, and what to do if something arrives damaged
        or is not what you ordered.
      </p>

      <section>
        <h2>Shipping charges</h2>
        <ul>
          <li>
            Free shipping when your items total more than {shopPolicy.freeShippingAbove}; otherwise{' '}
            {shopPolicy.shippingFee}.
          </li>
          <li>The charge is shown in the order summary before you place your order.</li>
          <li>We ship to addresses in India only.</li>
        </ul>
      </section>

      <section>
        <h2>Dispatch and delivery</h2>
        <dl className={styles.facts}>
          <dt>Dispatch</dt>
          <dd>
            Within {shopPolicy.dispatch} of your payment; for Cash on Delivery, within {shopPolicy.dispatch} of your
            order. Free energization is done within this time.
          </dd>
          <dt>Delivery</dt>
          <dd>
            {shopPolicy.delivery} after dispatch. Remote areas, such as parts of the North-East, Jammu and Kashmir,
            Ladakh and the islands, can take longer.
          </dd>
          <dt>Custom orders</dt>
          <dd>Dispatched when ready, {shopPolicy.customMaking} after payment.</dd>
        </dl>
        <p>
          Business days are Monday to Saturday, except public holidays. Once your parcel is dispatched we send you the
          courier&apos;s name and tracking number. If it has not arrived {shopPolicy.delivery} after dispatch, contact
          us and we will chase the courier.
        </p>
      </section>

      <section>
        <h2>When your parcel arrives</h2>
        <ul>
          <li>
            Check the seal. If the parcel is visibly torn or tampered with, refuse it or write the damage on the
            courier&apos;s delivery slip.
          </li>
          <li>
            Record a video while you open the parcel, in one take from the sealed box to the item. We need it to claim
            from the courier.
          </li>
          <li>For Cash on Delivery, please keep the exact amount ready for the courier.</li>
        </ul>
      </section>

      <ReturnSections />
    </>
  );
}

/** Returns, refunds and cancelling (issue 28: asked for and followed on the order page). */
function ReturnSections() {
  return (
    <>
      <section>
        <h2>Damaged, defective or wrong items</h2>
        <p>
          Ask for a return within {shopPolicy.damageReport} (the same in our{' '}
          <Link to="/terms-and-conditions">Terms and Conditions</Link>): open the order in{' '}
          <Link to="/profile">My Account</Link> and choose <strong>Return or Replace Items</strong>. Pick the items, say
          what is wrong, and add:
        </p>
        <ul>
          <li>clear photos of the item and the packaging, or</li>
          <li>a link to your unboxing video.</li>
        </ul>
        <p>
          We answer within 2 business days on the order page, by SMS and by e-mail. If you cannot use the order page,
          write to <EmailLink subject="Damaged item" /> or call the helpline <PhoneLink /> with your order number.
        </p>
        <p>
          Please report it as soon as possible: the sooner we hear, the sooner we can claim from the courier and send
          you a replacement. We arrange and pay for the return pickup, and you choose a replacement or a full refund.
          Pack the item in its original box with its certificate.
        </p>
      </section>

      <section>
        <h2>What we cannot take back</h2>
        <ul>
          <li>
            Custom orders, and items energised or made to order for you (the product page says so before you buy), are
            not returnable, unless they arrive damaged or defective.
          </li>
          <li>
            Items that arrived in good order and as described, because rudraksha and gemstones are worn on the body.
          </li>
          <li>Items that have been worn, altered or damaged after delivery.</li>
        </ul>
      </section>

      <section>
        <h2>Refunds</h2>
        <p>
          Once the returned item reaches us and we have checked it, we refund you within 2 business days, with a credit
          note for the amount: online payments go back to the original card, UPI or bank account, and for Cash on
          Delivery orders we add the amount to your store credit or transfer it to a bank account or UPI ID you give us.
          Banks usually take 5 to 7 business days to show the refund. Store credit shows in My Account at once and is
          used at checkout on your next order; it does not expire.
        </p>
      </section>

      <section>
        <h2>Cancelling an order</h2>
        <p>
          Until your order is dispatched you can cancel it yourself: open it in My Account and choose{' '}
          <strong>Cancel Order</strong>. An online payment is refunded in full, and store credit you used comes back at
          once. Dispatched orders cannot be cancelled: ask for a return once the parcel arrives. Custom orders cannot be
          cancelled once making has begun; contact us.
        </p>
      </section>
    </>
  );
}
