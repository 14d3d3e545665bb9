/** The bench's shop with its environment in an object store: a real Ceph gateway (scripts/s3-ceph.sh), the requests it answered counted from its log. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appsFrom, isHostApp, localOrigin } from '../../apps.mts';
import { createObjectStore } from '../../deploy/src/store/objectStore.ts';
import { parseStoreAddress } from '../../deploy/src/store/storeConfig.ts';
import { startTestGateway } from '../../deploy/src/testing/s3Gateway.ts';

const BUCKET = 'maison-bench';
export const STORE_ADDRESS = `s3://${BUCKET}/production/`;

/** A gateway with an environment for the apps on ports from `basePort`; the servers started after it read the store through process.env. */
export async function benchStore(basePort) {
  const gateway = await startTestGateway({ portOffset: 12 });
  await gateway.createBucket(BUCKET);
  const store = createObjectStore(gateway.config, parseStoreAddress(STORE_ADDRESS));
  const remoteApps = appsFrom(basePort).filter((app) => !isHostApp(app));
  await store.put(
    'remotes.json',
    JSON.stringify(Object.fromEntries(remoteApps.map((app) => [app.name, `${localOrigin(app)}/mf-manifest.json`]))),
  );
  await store.put('environment.json', JSON.stringify({ origin: localOrigin(appsFrom(basePort)[0]) }));
  const { endpoint, accessKeyId, secretAccessKey, region } = gateway.config;
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_REGION: region,
    MAISON_SIGNALS_KEY: 'be0c'.repeat(16),
  });
  const logDir = path.join(gateway.dir, 'log');
  /** The requests the gateway has answered so far (its frontend's access lines). */
  const requests = () =>
    readdirSync(logDir)
      .filter((file) => file.includes('rgw'))
      .reduce((sum, file) => sum + (readFileSync(path.join(logDir, file), 'utf8').match(/HTTP\/1\.1" \d{3} /g)?.length ?? 0), 0);
  return { requests, stop: () => gateway.stop() };
}
