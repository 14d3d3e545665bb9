/** The host build's browser files in the object store, for answerers with no disk (the edge): written at publish, once per build. */
// Why: docs/decisions/serving.md#the-answerer-at-the-edge
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HOST_BUILD_FILES } from '@maison/host/contract';
import type { ObjectStore } from '../store/objectStore.ts';
import { filesOf } from './storeFollow.ts';
import { eachAtMost, hostBuildKey } from './storeLayout.ts';

const PARALLEL = 8;

/** Source maps stay on the build machine (no environment hands them out). */
const kept = (file: string) => !file.endsWith('.map');

/** Writes host build `id` from its `dist` folder under builds/host/<id>/, page-shell.json last: the build is whole once it is there. */
export async function uploadHostBuild(store: ObjectStore, dist: string, id: string): Promise<void> {
  const last = HOST_BUILD_FILES.shell;
  if ((await store.head(hostBuildKey(id, last))).status === 'found') return;
  const files = filesOf(dist)
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => kept(file) && file !== last);
  const put = async (file: string) => {
    await store.put(hostBuildKey(id, file), new Uint8Array(await readFile(path.join(dist, file))));
  };
  await eachAtMost(files, PARALLEL, put);
  await put(last);
}
