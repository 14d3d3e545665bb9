import type { FederationStatus } from '../host/src/federation/status/federationHook';

declare global {
  interface Window {
    /** The host's on-call status record (host/src/federation/status/federationHook.ts). */
    __MAISON_FEDERATION__?: FederationStatus;
  }
}
