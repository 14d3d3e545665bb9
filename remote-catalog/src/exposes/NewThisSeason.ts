import type { RemoteComponents } from '@maison/shared';
import { NewThisSeason } from '../components/NewThisSeason';

export default NewThisSeason satisfies RemoteComponents['catalog/NewThisSeason'];
