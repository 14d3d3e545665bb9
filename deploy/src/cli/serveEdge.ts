#!/usr/bin/env node
/** npm run serve:edge: the shop's host on workerd (deploy/src/edge/) against an environment in an object store; options: --help. */
// How it is deployed to Cloudflare Workers: docs/operations.md, "Run at the edge".
import { randomBytes } from 'node:crypto';
import { HOST_APP } from '../../../apps.mts';
import { bundleWorker } from '../servers/edgeBundle.ts';
import { startWorkerd } from '../servers/workerd.ts';
import { parseStoreAddress, storeConfigFromEnv } from '../store/storeConfig.ts';
import { parseOptions } from './options.ts';
import { serveUntilStopped } from './serving.ts';

const USAGE = `npm run serve:edge -- --env s3://bucket/prefix [--port N] [--render-origin URL]
       npm run serve:edge -- --bundle-only`;
const { values, misused } = parseOptions('serve:edge', USAGE, {
  env: { type: 'string', help: 'the environment, in an object store (its endpoint and keys read as the AWS SDKs read them)' },
  port: { type: 'string', help: `the port on 127.0.0.1 (default ${HOST_APP.port})` },
  'render-origin': { type: 'string', help: "Node's answerer of the same store, which renders views (none: rendered in the browser)" },
  'bundle-only': { type: 'boolean', help: 'write the Worker (deploy/dist-edge/worker.js) and stop: what wrangler deploys' },
});

if (values['bundle-only']) {
  console.log(`[serve:edge] the Worker is ${await bundleWorker()}`);
  process.exit(0);
}

const address =
  values.env ??
  process.env.MAISON_ENV ??
  misused('--env s3://bucket/prefix is needed: the edge reads its environment from an object store');
const port = Number(values.port ?? HOST_APP.port);
if (!Number.isInteger(port) || port <= 0 || port > 65535) misused(`"${values.port}" is not a port`);

await serveUntilStopped('serve:edge', async (onStop) => {
  parseStoreAddress(address);
  const config = storeConfigFromEnv();
  let signalsKey = process.env.MAISON_SIGNALS_KEY;
  if (!signalsKey) {
    signalsKey = randomBytes(32).toString('hex');
    console.log('[serve:edge] no MAISON_SIGNALS_KEY: page-load tokens are signed with a key of this run only');
  }
  const bundle = await bundleWorker();
  const bindings = {
    MAISON_ENV: address,
    MAISON_SIGNALS_KEY: signalsKey,
    AWS_ENDPOINT_URL_S3: config.endpoint,
    AWS_REGION: config.region,
    AWS_ACCESS_KEY_ID: config.accessKeyId,
    AWS_SECRET_ACCESS_KEY: config.secretAccessKey,
    ...(config.sessionToken ? { AWS_SESSION_TOKEN: config.sessionToken } : {}),
    ...(values['render-origin'] ? { MAISON_RENDER_ORIGIN: values['render-origin'] } : {}),
  };
  const workerd = await startWorkerd(bundle, { port, bindings });
  onStop(() => workerd.stop());
  console.log(`[serve:edge] the shop on workerd at ${workerd.origin}, from ${address}`);
});
