/** Every way a remote can fail to load; status, console and the area on screen read the same reason. */
export const LOAD_FAILURE_REASONS = [
  'not-configured',
  /** The manifest could not be fetched at all (server down, network error, CORS). */
  'unreachable',
  /** The manifest's server answered an error status (404 after a bad deploy). */
  'http-error',
  /** The manifest breaks the contract: not a manifest, another remote's, or built against a newer @maison/shared. */
  'refused',
  /** The entry or one of the module's files did not load, or its code threw while loading. */
  'load-failed',
  'no-export',
] as const;

export type LoadFailureReason = (typeof LOAD_FAILURE_REASONS)[number];

export class LoadFailure extends Error {
  override readonly name = 'LoadFailure';
  readonly reason: LoadFailureReason;
  /** The manifest (or file) that failed, when there is one. */
  readonly url: string | undefined;

  /** `cause`: the runtime's own error, when the failure is one (a chunk that did not load). */
  constructor(reason: LoadFailureReason, message: string, url?: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.reason = reason;
    this.url = url;
  }
}

/** A file of a build that webpack or the CSS loader could not fetch after its entry had loaded (a chunk). */
export function isMissingFile(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/** "This remote is unavailable" (a LoadFailure or a missing chunk), as opposed to its code crashing. */
export function isLoadFailure(error: unknown): boolean {
  return error instanceof LoadFailure || isMissingFile(error);
}
