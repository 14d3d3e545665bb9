import type { FederationStatus } from '../host/src/federation/federationStatus';

declare global {
  interface Window {
    /** The host's on-call status record (host/src/federation/federationContext.ts). */
    __MAISON_FEDERATION__?: FederationStatus;
  }
}
