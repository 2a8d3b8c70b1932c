// The cart feature's public face: other features and app/ import only what is here.
export { addToCart, cartCount, clearCart, useCartItems } from './cart-store.ts';
export { CartPage } from './pages/cart-page.tsx';
