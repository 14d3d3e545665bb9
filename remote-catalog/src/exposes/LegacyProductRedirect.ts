import type { RemoteComponents } from '@maison/shared';
import { LegacyProductRedirect } from '../pages/LegacyProductRedirect';

export default LegacyProductRedirect satisfies RemoteComponents['catalog/LegacyProductRedirect'];
