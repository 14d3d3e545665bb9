/** How the commands end (a publish: done, failed, or degraded), for a pipeline to stop on: docs/operations.md, "The commands in a pipeline". */
export const EXIT = { done: 0, failed: 1, degraded: 2 } as const;
