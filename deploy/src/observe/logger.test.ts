import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { batchedOutput, serverLog } from './logger.ts';

/** A log into memory, one parsed object a line. */
function memoryLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const log = serverLog(stream);
  // Access lines wait until the next drain (every few milliseconds); flush() drains them now.
  return { log, lines: () => (log.flush(), lines.map((line) => JSON.parse(line) as Record<string, unknown>)) };
}

describe('the servers’ log', () => {
  it('writes one JSON object an answer: time, level, request id, method, route template, status, bytes, duration, generation, how', () => {
    const { log, lines } = memoryLog();
    log.access({
      app: 'host',
      method: 'GET',
      status: 200,
      bytes: 41019,
      duration: 0.0123456789,
      context: {
        requestId: 'edge-4f1c2a9e-01',
        client: '203.0.113.9',
        served: { route: '/products', language: 'vi', generation: '20261126T000000000Z-1-0001', servedAs: 'on-demand' },
      },
    });
    expect(lines()).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        reqId: 'edge-4f1c2a9e-01',
        app: 'host',
        method: 'GET',
        route: '/products',
        language: 'vi',
        status: 200,
        bytes: 41019,
        duration: 0.012346,
        generation: '20261126T000000000Z-1-0001',
        served: 'on-demand',
        msg: 'answered',
      },
    ]);
    // The client's address is counted, never written.
    expect(JSON.stringify(lines())).not.toContain('203.0.113.9');
  });

  it('says an answer it could not make at error level, and what the server says of itself at info', () => {
    const { log, lines } = memoryLog();
    log.access({ app: 'cart', method: 'GET', status: 500, bytes: 22, duration: 0.001, context: { requestId: 'r-12345678', served: {} } });
    log.say('[serve] local: serving generation 1');
    expect(lines().map(({ level, route, msg }) => [level, route, msg])).toEqual([
      ['error', '(none)', 'answered'],
      ['info', undefined, '[serve] local: serving generation 1'],
    ]);
  });

  it('writes a pending line within a few milliseconds, stamped with the time it was answered', () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-27T08:00:00.000Z') });
    try {
      const written: string[] = [];
      const log = serverLog(new Writable({ write: (chunk: Buffer, _encoding, done) => (written.push(chunk.toString()), done()) }));
      log.access({ app: 'host', method: 'GET', status: 200, bytes: 1, duration: 0, context: { requestId: 'r-12345678', served: {} } });
      jest.setSystemTime(Date.parse('2026-11-27T08:00:05.000Z'));
      expect(written).toEqual([]);
      jest.advanceTimersByTime(20);
      expect(written.map((line) => JSON.parse(line) as unknown)).toEqual([expect.objectContaining({ time: '2026-11-27T08:00:00.000Z' })]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('writes a line that parses whatever the texts in it hold', () => {
    const written: string[] = [];
    const log = serverLog(new Writable({ write: (chunk: Buffer, _encoding, done) => (written.push(chunk.toString()), done()) }));
    const served = { route: '/products/"quoted"\\\u0001ă', servedAs: 'not-found' as const };
    log.access({ app: 'host', method: 'GET', status: 404, bytes: 1, duration: 0, context: { requestId: 'r-"\\\n-1', served } });
    log.flush();
    expect(JSON.parse(written.join(''))).toMatchObject({ reqId: 'r-"\\\n-1', route: '/products/"quoted"\\\u0001ă', status: 404 });
    expect(written.join('').endsWith('}\n')).toBe(true);
  });
  it('writes a line of megabytes, and the lines around it, whole', () => {
    const { log, lines } = memoryLog();
    const route = `/${'x'.repeat(3_000_000)}`;
    for (const served of [{}, { route }, {}])
      log.access({ app: 'host', method: 'GET', status: 200, bytes: 1, duration: 0, context: { requestId: 'r-12345678', served } });
    expect(lines().map((line) => String(line.route).length)).toEqual([6, route.length, 6]);
  });
});

describe('the batched output', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'maison-log-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes every line whole and in order, across batches, with a line longer than a batch and text beyond ASCII among them', async () => {
    const file = path.join(folder, 'out.log');
    const output = batchedOutput(file);
    const lines = Array.from(
      { length: 3000 },
      (_, index) => `{"n":${index},"text":"${index % 7 === 0 ? 'Khăn lụa — ₫' : 'x'.repeat(index % 200)}"}\n`,
    );
    lines.splice(1500, 0, `{"long":"${'y'.repeat(200_000)}"}\n`);
    for (const line of lines) output.write(line);
    output.flush();
    // The file opens and is written asynchronously: wait (however loaded the machine) until all has arrived.
    const expected = lines.join('');
    const written = () => (existsSync(file) ? readFileSync(file, 'utf8') : '');
    for (let waited = 0; written().length < expected.length && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(written()).toBe(expected);
  });

  it('writes every access line whole, escaped texts among them, across batches', async () => {
    const file = path.join(folder, 'access.log');
    const output = batchedOutput(file);
    const log = serverLog(output);
    const answered = (index: number) => ({
      app: 'host',
      method: 'GET',
      status: index % 5 === 0 ? 503 : 200,
      bytes: index,
      duration: [0, 0.000_000_4, 0.0123456789, 1.5, 12.000_001, Number.NaN, -1][index % 7]! + (index % 7 === 3 ? index : 0),
      context: {
        requestId: `r-${index}-${index % 3 === 0 ? 'ă"\\\n' : 'plain0'}`,
        served: {
          route: '/products/:slug',
          generation: `g-${index}`,
          ...(index % 2 ? { servedAs: 'cache' as const, language: 'vi' as const } : {}),
        },
      },
    });
    // More than wait at once (4,096): the pending lines are made when full, too.
    const lines = Array.from({ length: 5000 }, (_, index) => answered(index));
    for (const line of lines) log.access(line);
    log.flush();
    const written = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
    for (let waited = 0; written().length < lines.length && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const parsed = written().map((line) => JSON.parse(line) as Record<string, unknown>);
    const seconds = [0, 0, 0.012346, 1.5, 12.000001, 0, 0];
    expect(parsed.map(({ time: _time, ...rest }) => rest)).toEqual(
      lines.map(({ status, bytes, context: { requestId, served } }, index) => ({
        level: status >= 500 ? 'error' : 'info',
        reqId: requestId,
        app: 'host',
        method: 'GET',
        route: served.route,
        ...(served.language ? { language: served.language } : {}),
        status,
        bytes,
        duration: seconds[index % 7]! + (index % 7 === 3 ? index : 0),
        generation: served.generation,
        ...(served.servedAs ? { served: served.servedAs } : {}),
        msg: 'answered',
      })),
    );
    expect(parsed[3]).toMatchObject({ reqId: 'r-3-ă"\\\n', level: 'info', served: 'cache', language: 'vi', bytes: 3 });
    expect(parsed[5]).toMatchObject({ level: 'error', status: 503, duration: 0 });
    expect(parsed.slice(0, 7).map(({ duration }) => duration)).toEqual([0, 0, 0.012346, 4.5, 12.000001, 0, 0]);
  });
});
