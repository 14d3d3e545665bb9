/**
 * The builds of the generations being served, as a beacon may name them: the current generation's,
 * and those of every generation served in the last KEEP_MS (a page opened before a publish still
 * reports the builds it runs). From each generation's render.json `builds` (its canary cohort's too).
 */
import type { Generation } from '../environment/generation.ts';

const KEEP_MS = 30 * 60_000;

export interface KnownBuilds {
  hosts: ReadonlySet<string>;
  /** The remotes the generations served name, and `host`: the only remote labels. */
  remotes: ReadonlySet<string>;
  isBuild(remote: string, build: string): boolean;
  /** A remote's first choice in the generation served now. */
  firstBuild(remote: string): string | undefined;
  /** The build read from a manifest URL a generation listed. */
  buildAt(manifest: string): string | undefined;
}

export function knownBuilds(current: () => Generation | undefined, now: () => number = Date.now): () => KnownBuilds {
  const served = new Map<string, { generation: Generation; lastServed: number }>();
  return () => {
    const at = now();
    const generation = current();
    if (generation) served.set(generation.id, { generation, lastServed: at });
    for (const [id, { lastServed }] of served) if (id !== generation?.id && at - lastServed > KEEP_MS) served.delete(id);
    // A rollout's canary cohort's pages run builds of their own (the generation's canary/).
    const builds = [...served.values()].flatMap(({ generation }) =>
      [generation.render, generation.canary?.render].flatMap((render) => (render?.builds ? [render.builds] : [])),
    );
    const hosts = new Set(builds.map(({ host }) => host));
    const listed = builds.flatMap(({ remotes }) =>
      Object.entries(remotes).flatMap(([remote, list]) => list.map((entry) => ({ remote, ...entry }))),
    );
    return {
      hosts,
      remotes: new Set(['host', ...listed.map(({ remote }) => remote)]),
      isBuild: (remote, build) => listed.some((entry) => entry.remote === remote && entry.build === build),
      firstBuild: (remote) => {
        const remotes = generation?.render.builds?.remotes;
        return remotes && Object.hasOwn(remotes, remote) ? remotes[remote]?.[0]?.build : undefined;
      },
      buildAt: (manifest) => listed.find((entry) => entry.manifest === manifest)?.build,
    };
  };
}
