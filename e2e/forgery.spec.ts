/**
 * Beacons nobody can forge into the shop's figures (deploy/src/answer/beacons/beaconReceiver.ts), on a shop of
 * this test's own (ports 3760-3763, its metrics on 10224): a page of another site (a real server
 * of its own on 127.0.0.1:3769) that posts sendBeacon and no-cors fetches to the shop's receiver
 * and token address is refused, even with a token the shop issued; and one client that floods the
 * receiver with thousands of crafted values in every field of its beacons, with tokens the shop
 * issued, adds not one series to what the metrics port exports (labels come from closed sets).
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_RECORDS, type RenderRecord } from '@maison/host/contract';
import { ENVIRONMENT_FILE, GENERATION_FILE, METRIC } from '@maison/deploy';
import { test, expect } from './fixtures';
import { ownEnvironment } from './ownEnvironment';
import { nextClient, pageLoadToken, postBeacon } from './beaconGenerator';

const BASE_PORT = 3760;
const shop = ownEnvironment('forgery', BASE_PORT);
const METRICS = `http://127.0.0.1:${BASE_PORT + 6464}/metrics`;
const OTHER_SITE = 'http://127.0.0.1:3769';
/** One client: this machine's own address, as the proxy in front names it. */
const SHOP = `http://127.0.0.1:${BASE_PORT}`;
const CLIENT = '127.0.0.1';
/** Crafted values a beacon of the flood carries. */
/** A beacon's most records: the flood fills each one. */
const PER_BEACON = MAX_RECORDS;

/** Every series the metrics port exports now but the process's own: name and labels, without values, the client group folded. */
async function series(): Promise<Set<string>> {
  const text = await (await fetch(METRICS)).text();
  const names = text
    .split('\n')
    // The process's own (prom-client's default collectors) are not what beacons label: a new kind of garbage collection adds its series.
    .filter((line) => line.trim() !== '' && !line.startsWith('#') && !/^(?:nodejs|process)_/.test(line))
    .map((line) => line.replace(/\s+\S+(\s+\d+)?$/, ''));
  // A client group is one of 16 (a keyed hash of the address): new clients fill them, never past them.
  const groups = new Set(names.flatMap((name) => /group="([^"]*)"/.exec(name)?.[1] ?? []));
  expect([...groups].filter((group) => !/^(?:[0-9]|1[0-5])$/.test(group))).toEqual([]);
  return new Set(names.map((name) => name.replace(/group="[^"]*"/, 'group="…"')));
}

/** The sum of a metric's samples whose labels include `labels` (`outcome="cross-site"`). */
async function sample(name: string, labels: string): Promise<number> {
  const text = await (await fetch(METRICS)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(/\s+/).at(-1)), 0);
}

const servedBuilds = () =>
  (JSON.parse(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.current, GENERATION_FILE.render), 'utf8')) as RenderRecord).builds!;

/** The page of another site: it posts to the shop as a forger's page would, with a token it was given. */
const otherSitePage = (token: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Another site</title></head><body><p>Another site</p>
<script>
  const shop = ${JSON.stringify(`http://localhost:${BASE_PORT}`)};
  const token = ${JSON.stringify(token)};
  const beacon = JSON.stringify({ v: 2, hostBuild: 'forged', builds: {}, records: [{ kind: 'view', page: '/forged' }] });
  const sent = [
    navigator.sendBeacon(shop + '/rum?t=' + encodeURIComponent(token), beacon),
    navigator.sendBeacon(shop + '/rum/page-load?cohort=forged.canary', ''),
  ];
  Promise.all([
    fetch(shop + '/rum?t=' + encodeURIComponent(token), { method: 'POST', mode: 'no-cors', body: beacon }).then(() => 'sent', () => 'failed'),
    fetch(shop + '/rum/page-load', { method: 'POST', mode: 'no-cors' }).then(() => 'sent', () => 'failed'),
  ]).then((fetched) => { document.title = JSON.stringify({ sent, fetched }); });
</script></body></html>`;

test.describe('beacons nobody can forge into the figures', () => {
  test.describe.configure({ mode: 'serial' });
  let otherSite: Server;
  let token = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Behind a proxy it trusts (this machine), so that X-Forwarded-For names each client, as a CDN in front would.
    await shop.start('--trust-proxy', '127.0.0.1,::1');
    otherSite = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(otherSitePage(token));
    });
    await new Promise<void>((resolve) => otherSite.listen(3769, '127.0.0.1', resolve));
  });
  test.afterAll(async () => {
    await new Promise((resolve) => otherSite?.close(resolve));
    await shop.remove();
  });

  test('another site’s page posting to the receiver and the token address is refused, even with a token the shop issued', async ({
    page,
  }) => {
    // A token the shop issued (to this machine, as its own page would ask): the page of another site carries it.
    token = (await pageLoadToken(SHOP, CLIENT))!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const before = {
      beacons: await sample(METRIC.signals, 'outcome="cross-site"'),
      tokens: await sample(METRIC.pageLoadTokens, 'outcome="cross-site"'),
      accepted: await sample(METRIC.signals, 'outcome="accepted"'),
      issued: await sample(METRIC.pageLoadTokens, 'outcome="issued"'),
    };

    await page.goto(`${OTHER_SITE}/`);
    await expect.poll(() => page.title()).toMatch(/^\{/);
    expect(JSON.parse(await page.title())).toEqual({ sent: [true, true], fetched: ['sent', 'sent'] });
    // Two beacons and two token requests, each refused as another site's.
    await expect.poll(() => sample(METRIC.signals, 'outcome="cross-site"')).toBe(before.beacons + 2);
    await expect.poll(() => sample(METRIC.pageLoadTokens, 'outcome="cross-site"')).toBe(before.tokens + 2);
    expect(await sample(METRIC.signals, 'outcome="accepted"')).toBe(before.accepted);
    expect(await sample(METRIC.pageLoadTokens, 'outcome="issued"')).toBe(before.issued);
    // The shop's access lines: the four answered 403.
    const refused = () =>
      shop.output.filter((line) => {
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          return parsed.msg === 'answered' && String(parsed.route).startsWith('/rum') && parsed.status === 403;
        } catch {
          return false;
        }
      }).length;
    await expect.poll(refused).toBeGreaterThanOrEqual(4);

    // Without the browser's Sec-Fetch-Site, an Origin that is not the shop's host is refused the same.
    const forged = await fetch(`${SHOP}/rum?t=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { origin: 'https://forger.example', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    const asked = await fetch(`${SHOP}/rum/page-load`, { method: 'POST', headers: { origin: 'https://forger.example' } });
    expect(asked.status).toBe(403);
    // The same token from the shop's own origin is good: the refusals above were for the site, not the token.
    expect(await postBeacon(SHOP, CLIENT, token, { v: 2, hostBuild: servedBuilds().host, builds: {}, records: [] })).toBe(204);
  });

  test('2,000 crafted values of every field, from any number of clients, add no series to the metrics', async () => {
    test.setTimeout(150_000);
    const { host, remotes } = servedBuilds();
    const catalog = remotes.catalog![0]!.build;
    const CRAFTED = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
    /** The i-th crafted value: each beacon's first ones the prototype's names, then made-up ones, short so that a full beacon fits its bytes. */
    const crafted = (index: number) =>
      index % PER_BEACON < CRAFTED.length
        ? CRAFTED[index % PER_BEACON]!
        : [`v${index}`, `ctor-${index}`, `p-${index}`, `${index}z`][index % 4]!;
    const pages = (index: number) =>
      [
        `/${crafted(index)}`,
        `/products/${crafted(index)}`,
        `/vi/${crafted(index)}/${index}`,
        `/__proto__/${index}`,
        `/constructor?x=${index}`,
      ][index % 5]!;
    const asRemote = (value: string) =>
      value
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, 'p')
        .replace(/^[^a-z]/, 'r');
    /** A beacon for each field, with `count` of its crafted values from `from` on. */
    const floods = (from: number, count: number) => {
      const values = Array.from({ length: count }, (_, index) => from + index);
      return {
        // Accepted: counted under the pages' route templates, whatever their paths.
        pages: {
          v: 2,
          hostBuild: host,
          builds: { catalog },
          records: values.map((index) =>
            index % 3 === 0
              ? { kind: 'view', page: pages(index) }
              : index % 3 === 1
                ? { kind: 'error', page: pages(index), remote: index % 2 ? 'host' : 'catalog' }
                : { kind: 'vital', page: pages(index), name: 'LCP', value: index },
          ),
        },
        // Refused whole: a remote, a build, a host build the shop does not serve (or a key that is no remote's name).
        remotes: {
          v: 2,
          hostBuild: host,
          builds: { catalog },
          records: values.map((index) => ({ kind: 'error', page: '/', remote: asRemote(crafted(index)) })),
        },
        builds: {
          v: 2,
          hostBuild: host,
          builds: Object.fromEntries(values.map((index) => [crafted(index), crafted(index + 1)])),
          records: [],
        },
        loads: {
          v: 2,
          hostBuild: host,
          builds: { catalog },
          records: values.map((index) => ({ kind: 'load', page: '/', remote: 'catalog', build: crafted(index), fallback: false })),
        },
        hostBuild: { v: 2, hostBuild: crafted(from), builds: {}, records: [{ kind: 'view', page: '/products' }] },
        // Refused as not a report: a reason outside the enum.
        reasons: {
          v: 2,
          hostBuild: host,
          builds: { catalog },
          records: values.map((index) => ({ kind: 'failure', page: '/', remote: 'catalog', url: null, reason: crafted(index) })),
        },
      };
    };
    // Each slice from a client of its own: the labels are bounded whoever sends them, and one client's rates would make this take minutes.
    let client = nextClient();
    /** Posts a beacon as the slice's client; a refusal for its rate is waited out and the beacon sent again. */
    const post = async (token: string, body: unknown) => {
      for (;;) {
        const status = await postBeacon(SHOP, client, token, body);
        if (status !== 429) return status;
        await new Promise((resolve) => setTimeout(resolve, 1_100));
      }
    };
    const tokenFor = async (cohort?: string) => {
      for (;;) {
        client = nextClient();
        const given = await pageLoadToken(SHOP, client, cohort);
        if (given) return given;
        await new Promise((resolve) => setTimeout(resolve, 5_000));
      }
    };
    const sendAll = async (from: number, count: number, perBeacon: number) => {
      const outcomes: Record<string, number[]> = {};
      for (let start = from; start < from + count; start += perBeacon) {
        const n = Math.min(perBeacon, from + count - start);
        // A page load of its own for each slice, with a crafted cohort claim.
        const token = await tokenFor(`${crafted(start)}.canary`);
        for (const [field, body] of Object.entries(floods(start, n))) (outcomes[field] ??= []).push(await post(token, body));
      }
      return outcomes;
    };

    // Every shape once, with a few crafted values: the series a beacon of each kind may make; then the client's rate reached.
    const warm = await sendAll(0, 2 * PER_BEACON, PER_BEACON);
    const refusedOrAccepted = (outcomes: Record<string, number[]>) =>
      Object.fromEntries(
        Object.entries(outcomes).map(([field, statuses]) => [
          field,
          [...new Set(statuses.map((status) => (status === 204 ? 'accepted' : status === 400 || status === 422 ? 'refused' : status)))],
        ]),
      );
    const expected = {
      pages: ['accepted'],
      remotes: ['refused'],
      builds: ['refused'],
      loads: ['refused'],
      hostBuild: ['refused'],
      reasons: ['refused'],
    };
    expect(refusedOrAccepted(warm)).toEqual(expected);
    // Each page shape once as a page load's first vital of each name (a page load counts one of each): every route template's series.
    for (let variant = 0; variant < 5; variant += 1) {
      const page = pages(variant);
      const records = [
        { kind: 'view', page },
        { kind: 'error', page, remote: 'host' },
        { kind: 'error', page, remote: 'catalog' },
        ...(['LCP', 'INP', 'CLS'] as const).map((name) => ({ kind: 'vital', page, name, value: variant })),
      ];
      expect(await post(await tokenFor(), { v: 2, hostBuild: host, builds: { catalog }, records })).toBe(204);
    }
    const one = await tokenFor();
    const emptyFlood = await Promise.all(
      Array.from({ length: 22 }, () => postBeacon(SHOP, client, one, { v: 2, hostBuild: host, builds: {}, records: [] })),
    );
    expect(emptyFlood).toContain(429);
    const before = await series();

    // The flood: 2,000 crafted values of every field (the host build's, one a beacon), a full beacon each.
    const flood = await sendAll(2 * PER_BEACON, 2000, PER_BEACON);
    expect(refusedOrAccepted(flood)).toEqual(expected);
    expect(flood.pages).toHaveLength(Math.ceil(2000 / PER_BEACON));
    const after = await series();
    expect([...after].filter((name) => !before.has(name))).toEqual([]);
    expect(after.size).toBe(before.size);
    // The accepted pages were counted, under templates only.
    expect(await sample(METRIC.pageViews, 'page="/products/:slug"')).toBeGreaterThan(0);
    expect([...after].filter((name) => /__proto__|constructor|proto-|x\d+-z/.test(name))).toEqual([]);
  });
});
