import type { RemoteComponents } from '@maison/shared';
import { CartPage } from '../pages/CartPage';

export default CartPage satisfies RemoteComponents['cart/CartPage'];
