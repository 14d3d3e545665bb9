import { fetchRemoteLocations } from './federation/remoteConfig';
import { createFederatedLoader } from './federation/federatedLoader';
import { createRemoteModuleStore } from './federation/remoteModuleStore';
import { startShop } from './startShop';

// The shell paints at once; remote modules wait for remotes.json, never the other way round.
startShop(createRemoteModuleStore(createFederatedLoader(fetchRemoteLocations())));
