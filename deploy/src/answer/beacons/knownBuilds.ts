/**
 * The builds of the generations being served, as a beacon may name them: the current generation's,
 * and those of every generation served in the last KEEP_MS (a page opened before a publish still
 * reports the builds it runs). From each generation's render.json `builds` (its canary cohort's too).
 */
import type { Generation } from '../../environment/generation.ts';

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

/** What the generations in `served` list, as a beacon may name them. */
function listedIn(served: readonly Generation[], current: Generation | undefined): KnownBuilds {
  // A rollout's canary cohort's pages run builds of their own (the generation's canary/).
  const builds = served.flatMap((generation) =>
    [generation.render, generation.canary?.render].flatMap((render) => (render?.builds ? [render.builds] : [])),
  );
  const listed = builds.flatMap(({ remotes }) =>
    Object.entries(remotes).flatMap(([remote, list]) => list.map((entry) => ({ remote, ...entry }))),
  );
  const remoteBuilds = new Set(listed.map(({ remote, build }) => `${remote} ${build}`));
  const atManifest = new Map(listed.map(({ manifest, build }) => [manifest, build]));
  const first = current?.render.builds?.remotes ?? {};
  return {
    hosts: new Set(builds.map(({ host }) => host)),
    remotes: new Set(['host', ...listed.map(({ remote }) => remote)]),
    isBuild: (remote, build) => remoteBuilds.has(`${remote} ${build}`),
    firstBuild: (remote) => (Object.hasOwn(first, remote) ? first[remote]?.[0]?.build : undefined),
    buildAt: (manifest) => atManifest.get(manifest),
  };
}

export function knownBuilds(current: () => Generation | undefined, now: () => number = Date.now): () => KnownBuilds {
  const served = new Map<string, { generation: Generation; lastServed: number }>();
  let known: { key: string; builds: KnownBuilds } | undefined;
  return () => {
    const at = now();
    const generation = current();
    if (generation) served.set(generation.id, { generation, lastServed: at });
    for (const [id, { lastServed }] of served) if (id !== generation?.id && at - lastServed > KEEP_MS) served.delete(id);
    // Read again only when the generations served change (a beacon asks on every request).
    const key = `${generation?.id ?? ''}|${[...served.keys()].join(',')}`;
    if (known?.key !== key)
      known = {
        key,
        builds: listedIn(
          [...served.values()].map(({ generation: listed }) => listed),
          generation,
        ),
      };
    return known.builds;
  };
}
