// `account/pages`: route elements, as AccountPagesModule in @maison/shared declares.
export { ProfilePage } from './ProfilePage';
