import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPublishLock } from './switching.ts';

let env: string;
beforeEach(() => (env = mkdtempSync(path.join(os.tmpdir(), 'maison-lock-'))));
afterEach(() => rmSync(env, { recursive: true, force: true }));

describe('one publish at a time', () => {
  it('a second waits for the first, saying whose it is, then runs', async () => {
    const order: string[] = [];
    const lines: string[] = [];
    let release!: () => void;
    const first = withPublishLock(env, 'set cart', () =>
      new Promise<void>((resolve) => (release = resolve)).then(() => void order.push('first')),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = withPublishLock(env, 'set account', async () => void order.push('second'), { log: (line) => lines.push(line) });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(lines[0]).toMatch(/^\[publish\] waiting for "set cart" \(pid \d+ on .*, since .*\) to finish \(at most 180 s\)$/);
  });

  it('a second that waited too long gives up, changing nothing, and says why', async () => {
    let release!: () => void;
    const first = withPublishLock(env, 'set cart', () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const work = jest.fn();
    await expect(withPublishLock(env, 'set account', work, { waitMs: 500, log: () => {} })).rejects.toThrow(
      /"set cart" \(pid \d+ .*\) still holds .*publish.lock after 1 s: nothing was changed; run this again once it has finished/,
    );
    expect(work).not.toHaveBeenCalled();
    release();
    await first;
  });

  it('a lock whose holder died (not kept fresh) is taken over', async () => {
    const lock = path.join(env, 'publish.lock');
    mkdirSync(lock);
    writeFileSync(
      path.join(env, 'publish.lock.owner.json'),
      JSON.stringify({ pid: 1, host: 'gone', doing: 'set cart', since: 'yesterday' }),
    );
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    await expect(withPublishLock(env, 'set account', async () => 'done', { waitMs: 1000, log: () => {} })).resolves.toBe('done');
  });
});
