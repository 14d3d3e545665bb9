/**
 * A team's next build of a remote, for the rollout tests: a copy of the remote's build whose
 * manifest names a build version of its own, and, for a broken one, code added to the file of
 * one of its exposed modules (its precompressed copies removed, so the new text is what is served).
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

interface Manifest {
  metaData: { buildInfo: { buildVersion: string } };
  exposes: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

/** Copies `remoteDir`'s build into `into` as build `<version>-<suffix>`; returns the version. */
export function canaryBuild(remoteDir: string, into: string, suffix: string, broken?: { expose: string; code: string }): string {
  rmSync(into, { recursive: true, force: true });
  cpSync(path.join(root, remoteDir, 'dist'), into, { recursive: true });
  const manifestFile = path.join(into, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const version = `${manifest.metaData.buildInfo.buildVersion}-${suffix}`;
  manifest.metaData.buildInfo.buildVersion = version;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  if (broken) {
    const expose = manifest.exposes.find(({ name }) => name === broken.expose);
    const file = [...(expose?.assets.js.sync ?? []), ...(expose?.assets.js.async ?? [])].find((name) =>
      name.includes(`expose_${broken.expose}`),
    );
    if (!file) throw new Error(`${remoteDir} exposes no ${broken.expose} file`);
    writeFileSync(path.join(into, file), `${readFileSync(path.join(into, file), 'utf8')}\n${broken.code}\n`);
    for (const compressed of ['.br', '.gz']) rmSync(path.join(into, `${file}${compressed}`), { force: true });
  }
  return version;
}
