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
      <ul className={styles.links}>
        <li>
          <Link to="/profile/addresses" className="btn btn-outline">
            My Addresses
          </Link>
          <span>Delivery addresses the checkout offers you on any device</span>
        </li>
        <li>
          <Link to="/wishlist" className="btn btn-outline">
            My Wishlist
          </Link>
          <span>Products you saved for later</span>
        </li>
      </ul>
      <div className={styles.profileLayout}>
        <UserProfile />
        <MyOrders />
      </div>
    </div>
  );
}
