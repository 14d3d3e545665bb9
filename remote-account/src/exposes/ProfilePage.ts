import type { RemoteComponents } from '@maison/shared';
import { ProfilePage } from '../pages/ProfilePage';

export default ProfilePage satisfies RemoteComponents['account/ProfilePage'];
