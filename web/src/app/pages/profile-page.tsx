import { Link } from 'react-router';
import { useT } from '../../i18n/index.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { UserProfile } from '../../features/account/index.ts';
import { MyOrders } from '../../features/orders/index.ts';
import styles from './profile-page.module.css';

/** /profile (sign-in required): the account's details beside My Orders, two features on one page. */
export function ProfilePage() {
  const t = useT();
  usePageTitle(t('account.profileTitle'));
  return (
    <div className="container page">
      <h1>{t('account.myAccount')}</h1>
      <ul className={styles.links}>
        <li>
          <Link to="/profile/addresses" className="btn btn-outline">
            {t('account.myAddresses')}
          </Link>
          <span>{t('account.myAddressesNote')}</span>
        </li>
        <li>
          <Link to="/wishlist" className="btn btn-outline">
            {t('account.myWishlist')}
          </Link>
          <span>{t('account.myWishlistNote')}</span>
        </li>
      </ul>
      <div className={styles.profileLayout}>
        <UserProfile />
        <MyOrders />
      </div>
    </div>
  );
}
