/** A remote module could not be loaded: its server is down, a file is missing, or it broke the contract. */
export class RemoteLoadError extends Error {
  constructor(
    readonly moduleId: string,
    override readonly cause: unknown,
  ) {
    super(`Remote module "${moduleId}" could not be loaded`);
    this.name = 'RemoteLoadError';
  }
}

/** A remote's lazy chunk that failed after its entry loaded also means "unavailable", not "crashed". */
export function isLoadFailure(error: unknown): boolean {
  if (error instanceof RemoteLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /loading (css )?chunk|failed to fetch dynamically imported/i.test(error.message);
}
