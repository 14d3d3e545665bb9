import { BUILD_INFO } from './buildInfo';
import { createFederationStatus, type FederationStatus } from './federationStatus';
import { createManifestReader } from './manifests';
import { createRetryUrls } from './retryUrls';

/**
 * The page's federation bookkeeping, shared by the runtime plugin (which the federation
 * runtime instantiates) and the host's loader: one manifest reader and one status record.
 */
export const retryUrls = createRetryUrls();

export const manifestReader = createManifestReader(BUILD_INFO.sharedContract, (url, init) => fetch(retryUrls.urlFor(String(url)), init));

export const federationStatus = createFederationStatus({
  buildVersion: BUILD_INFO.version,
  sharedContract: BUILD_INFO.sharedContract,
});

declare global {
  interface Window {
    /** On-call: what is live in this page (README, "On call"). */
    __MAISON_FEDERATION__?: FederationStatus;
  }
}
if (typeof window !== 'undefined') window.__MAISON_FEDERATION__ = federationStatus.status;
