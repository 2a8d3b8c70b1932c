import { lazy } from 'react';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../components/use-page-title.ts';
import { EmailLink, PhoneLink } from '../contact-links.tsx';
import { StaticPage } from '../static-page.tsx';
import styles from '../content.module.css';

// The Hindi prose is a module of its own, loaded on Hindi pages only: paragraphs with lists and links
// read better as JSX than as message keys cut at every link.
const Hindi = lazy(() => import('../hindi/privacy.tsx').then((m) => ({ default: m.PrivacyHindi })));

export function PrivacyPage() {
  const t = useT();
  const language = useLanguage();
  return (
    <StaticPage
      title={`${t('content.link.privacy')} | ${SHOP_NAME}`}
      heading={t('content.privacy.heading')}
      description={t('content.privacy.description')}
    >
      {language === 'hi' ? <Hindi /> : <PrivacyEnglish />}
    </StaticPage>
  );
}

function PrivacyEnglish() {
  return (
    <>
      <p className={styles.intro}>
        What personal data we collect when you shop with {SHOP_NAME}, why we need it, who sees it, how long we keep it,
        and your rights under India&apos;s Digital Personal Data Protection Act, 2023.
      </p>

      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account</strong>: your name, e-mail address and mobile number, and your password, which we store
            only as a one-way hash that nobody can read back.
          </li>
          <li>
            <strong>Orders</strong>: your shipping address, the items you bought, the amounts, the payment method, and
            your order history.
          </li>
          <li>
            <strong>Reviews</strong>: your rating and comment, shown publicly with your name.
          </li>
          <li>
            <strong>Newsletter</strong>: your e-mail address, if you subscribe.
          </li>
          <li>
            <strong>Messages</strong>: what you send us by e-mail or tell us on the helpline.
          </li>
          <li>
            <strong>Security logs</strong>: your IP address and browser, recorded when you use the site.
          </li>
        </ul>
      </section>

      <section>
        <h2>What we never see</h2>
        <p>
          Online payments are handled by our payment gateway, Razorpay. Your card number, CVV, UPI PIN and net-banking
          password go only to Razorpay; we receive a payment reference and whether the payment succeeded.
        </p>
      </section>

      <UseAndSharing />
    </>
  );
}

/** Why we use personal data, and who we share it with. */
function UseAndSharing() {
  return (
    <>
      <section>
        <h2>Why we use it</h2>
        <ul>
          <li>To process, deliver and support your orders.</li>
          <li>To sign you in, including sending one-time codes by SMS.</li>
          <li>To answer your questions and complaints.</li>
          <li>To send the newsletter, only if you subscribed.</li>
          <li>To prevent fraud and abuse of the shop.</li>
          <li>To keep the records that tax and accounting laws require.</li>
        </ul>
        <p>We do not sell your data and we do not use it for advertising.</p>
      </section>

      <section>
        <h2>Who we share it with</h2>
        <ul>
          <li>
            <strong>Courier companies</strong>: your name, phone number and shipping address, to deliver your parcel.
          </li>
          <li>
            <strong>Our payment gateway (Razorpay)</strong>: the amount, and your contact details for the payment.
          </li>
          <li>
            <strong>Our SMS provider</strong>: your mobile number, to send one-time codes.
          </li>
        </ul>
        <p>
          Each receives only what it needs for that task. Apart from them, we disclose data only when the law requires
          it.
        </p>
      </section>

      <section>
        <h2>How long we keep it</h2>
        <ul>
          <li>Account details: while your account is open. Ask us and we will close and delete it.</li>
          <li>Orders and invoices: eight years, as Indian tax and accounting laws require.</li>
          <li>One-time codes: 10 minutes, and only in a form that cannot be read back.</li>
          <li>Newsletter address: until you unsubscribe.</li>
          <li>Security logs: 90 days.</li>
        </ul>
      </section>

      <RetentionAndRights />
    </>
  );
}

/** Cookies, protection, your rights and contact. */
function RetentionAndRights() {
  return (
    <>
      <section>
        <h2>Cookies and browser storage</h2>
        <p>
          We use no advertising or tracking cookies. Your browser&apos;s local storage keeps your cart, your shipping
          address, your chosen payment method and your sign-in, so that they survive a page reload. This data stays on
          your device. Logging out clears it; you can also clear it by deleting this site&apos;s data in your browser
          settings. Razorpay&apos;s payment window may set its own cookies while you pay.
        </p>
      </section>

      <section>
        <h2>How we protect it</h2>
        <p>
          The site is served only over encrypted HTTPS, passwords and one-time codes are stored as hashes, and only
          staff who handle your order can see your details.
        </p>
      </section>

      <section>
        <h2>Your rights</h2>
        <p>Under the Digital Personal Data Protection Act, 2023 you may:</p>
        <ul>
          <li>ask for a summary of the personal data we hold about you and who we have shared it with;</li>
          <li>
            have it corrected or completed (your name, e-mail and phone are locked on the profile page, so write to us
            to change them);
          </li>
          <li>have it erased, except records the law requires us to keep;</li>
          <li>withdraw your consent, for example to the newsletter, at any time;</li>
          <li>nominate a person to exercise these rights if you die or cannot act yourself;</li>
          <li>complain to us, and if you are not satisfied with our answer, to the Data Protection Board of India.</li>
        </ul>
      </section>

      <section>
        <h2>Children</h2>
        <p>
          The shop is for adults. If you are under 18, a parent or guardian must create the account and place the order.
        </p>
      </section>

      <section>
        <h2>Changes to this policy</h2>
        <p>If we change this policy, we will update this page before the change takes effect.</p>
      </section>

      <section>
        <h2>Contact</h2>
        <p>
          For any privacy request, write to our Grievance Officer at <EmailLink subject="Privacy request" /> or call{' '}
          <PhoneLink />. Postal addresses are on the <Link to="/contact-us">Contact Us</Link> page.
        </p>
      </section>
    </>
  );
}
