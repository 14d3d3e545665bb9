import type { RemoteName } from '@maison/shared';

/** Set at build time by the host's webpack config (DefinePlugin), from apps.json and package.json. */
declare const MAISON_BUILD: {
  /** This host build: package version plus commit (or build time without git). */
  version: string;
  /** The @maison/shared version this host provides to every remote. */
  sharedContract: string;
  remoteNames: RemoteName[];
  /** Development builds only: the remotes' dev-server manifests. Empty in production. */
  remoteDefaults: Partial<Record<RemoteName, string>>;
};

export const BUILD_INFO = MAISON_BUILD;
