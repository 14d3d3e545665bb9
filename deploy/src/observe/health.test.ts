import { composeAnswerer } from '../answer/answer.ts';
import type { FileSource } from '../answer/files.ts';
import { PROBE_PATHS, type Readiness } from './health.ts';

const noFiles: FileSource = { find: () => Promise.resolve(undefined) };

describe('the probes', () => {
  let readiness: Readiness = { ready: true, checks: { generation: 'g1' } };
  const answer = composeAnswerer({ isHost: false, files: noFiles, readiness: () => Promise.resolve(readiness) });
  const ask = (path: string) => answer(new Request(`http://localhost${path}`));

  it('say the process is alive, never kept by any cache', async () => {
    const live = await ask(PROBE_PATHS.live);
    expect([live.status, live.headers.get('cache-control'), await live.json()]).toEqual([200, 'no-store', { alive: true }]);
    expect(live.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('say whether it is ready, with what was checked, and turn false while it cannot serve', async () => {
    const ready = await ask(PROBE_PATHS.ready);
    expect([ready.status, ready.headers.get('cache-control'), await ready.json()]).toEqual([200, 'no-store', readiness]);
    readiness = { ready: false, checks: { generation: false } };
    const notReady = await ask(PROBE_PATHS.ready);
    expect([notReady.status, await notReady.json()]).toEqual([503, { ready: false, checks: { generation: false } }]);
  });
});
