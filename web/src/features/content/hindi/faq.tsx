import { EmailLink, PhoneLink } from '../contact-links.tsx';
import { FaqList } from '../faq-list.tsx';
import { usePolicy } from '../shop-details.ts';
import styles from '../content.module.css';

/** The FAQ page's prose in Hindi (the questions and answers are texts: i18n/hi/content.ts). */
export function FaqHindi() {
  const policy = usePolicy();
  return (
    <>
      <p className={styles.intro}>
        रुद्राक्ष, हमारे रत्नों और मालाओं के बारे में, और ऑर्डर कैसे होता है, इसके छोटे-छोटे उत्तर। उत्तर देखने के लिए प्रश्न चुनें।
      </p>
      <FaqList titled={false} />
      <section>
        <h2>कोई और प्रश्न?</h2>
        <p>
          <EmailLink /> पर ई-मेल करें या <PhoneLink /> पर कॉल करें, {policy.hours}।
        </p>
      </section>
    </>
  );
}
