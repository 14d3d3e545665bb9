import type { FederationStatus } from './federationHook';

const ms = (timing?: { duration: number }) => (timing ? `${timing.duration} ms` : '—');

/** `__MAISON_FEDERATION__.print()`: the remotes, this page load's module loads and its vitals, as three console tables. */
export function printStatus(status: FederationStatus): void {
  console.table(
    Object.fromEntries(
      Object.entries(status.remotes).map(([name, remote]) => [
        name,
        {
          state: remote.state,
          url: remote.url,
          build: remote.buildVersion,
          fallback: remote.fallback,
          failures: remote.failures.map(({ reason }) => reason).join(', '),
        },
      ]),
    ),
  );
  const loads = status.records.flatMap((record) => (record.kind === 'load' ? [record] : []));
  console.table(
    loads.map((load) => ({
      page: load.page,
      module: load.module,
      build: load.build,
      manifest: ms(load.manifest),
      entry: ms(load.entry),
      chunks: load.chunks.map((chunk) => `${chunk.duration} ms`).join(' + ') || '—',
      total: `${load.total} ms`,
    })),
  );
  console.table(Object.values(status.vitals).map(({ name, value, rating, area }) => ({ name, value, rating, area })));
}
