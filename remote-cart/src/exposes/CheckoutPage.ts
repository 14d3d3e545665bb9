import type { RemoteComponents } from '@maison/shared';
import { CheckoutPage } from '../pages/CheckoutPage';

export default CheckoutPage satisfies RemoteComponents['cart/CheckoutPage'];
