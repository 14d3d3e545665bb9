// `cart/pages`: route elements, as CartPagesModule in @maison/shared declares.
export { CartPage } from './CartPage';
export { CheckoutPage } from './CheckoutPage';
