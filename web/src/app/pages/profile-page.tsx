import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title.ts';
import { UserProfile } from '../../features/account/index.ts';
import { MyOrders } from '../../features/orders/index.ts';
import styles from './profile-page.module.css';

/** /profile (sign-in required): the account's details beside My Orders, two features on one page. */
export function ProfilePage() {
  usePageTitle('Profile | Rudraksha Ratna');
  return (
    <div className="container page">
      <h1>My Account</h1>
      <p className={styles.links}>
        <Link to="/wishlist">My Wishlist</Link>: the products you saved for later
      </p>
      <div className={styles.profileLayout}>
        <UserProfile />
        <MyOrders />
      </div>
    </div>
  );
}
