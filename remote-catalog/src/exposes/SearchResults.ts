import type { RemoteComponents } from '@maison/shared';
import { SearchResults } from '../search/SearchResults';

export default SearchResults satisfies RemoteComponents['catalog/SearchResults'];
