import type { FederationStatus } from '../host/src/federation/status/status';

declare global {
  interface Window {
    /** The host's on-call status record (host/src/federation/index.ts). */
    __MAISON_FEDERATION__?: FederationStatus;
  }
}
