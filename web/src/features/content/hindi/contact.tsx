import { EmailLink, OfficeCard, PhoneLink } from '../contact-links.tsx';
import { shopContact, usePolicy } from '../shop-details.ts';
import styles from '../content.module.css';

/** The Contact Us page's prose in Hindi. Postal addresses stay as the courier writes them. */
export function ContactHindi() {
  const policy = usePolicy();
  const officeNames = ['प्रधान कार्यालय, वाराणसी', 'शाखा, हरिद्वार'];
  return (
    <>
      <p className={styles.intro}>
        सही दाना चुनने में मदद, किसी ऑर्डर के बारे में प्रश्न या कोई कस्टम सामान: हमें लिखें, कॉल करें या हमारे किसी कार्यालय में आएँ।
      </p>

      <section>
        <h2>ई-मेल और हेल्पलाइन</h2>
        <address className={styles.card}>
          <dl className={styles.facts}>
            <dt>ई-मेल</dt>
            <dd>
              <EmailLink />
            </dd>
            <dt>हेल्पलाइन</dt>
            <dd>
              <PhoneLink />
            </dd>
            <dt>समय</dt>
            <dd>{policy.hours}, सार्वजनिक अवकाश को छोड़कर</dd>
          </dl>
        </address>
        <p>
          किसी मौजूदा ऑर्डर के बारे में? अपना ऑर्डर नंबर बताएँ, जो आपके ऑर्डर पेज पर और प्रोफ़ाइल में &lsquo;मेरे ऑर्डर&rsquo; में है, और अपने
          खाते वाले ई-मेल या फ़ोन नंबर से ही संपर्क करें। टूटे-फूटे सामान के लिए फ़ोटो और अपना अनबॉक्सिंग वीडियो साथ भेजें।
        </p>
      </section>

      <section>
        <h2>हमारे कार्यालय</h2>
        <div className={styles.cards}>
          {shopContact.offices.map((office, index) => (
            <OfficeCard
              key={office.name}
              name={officeNames[index]!}
              lines={office.lines}
              hours={`खुला रहता है: ${policy.hours}।`}
            />
          ))}
        </div>
      </section>

      <section>
        <h2>शिकायतें</h2>
        <p>
          अगर हमने आपकी समस्या का समाधान नहीं किया है, तो हमारे शिकायत अधिकारी को <EmailLink subject="Grievance" /> पर या
          हमारे वाराणसी प्रधान कार्यालय के पते पर लिखें। हम हर शिकायत की पावती 48 घंटों के भीतर देते हैं और एक महीने के भीतर उसका समाधान
          करने का प्रयास करते हैं।
        </p>
      </section>
    </>
  );
}
