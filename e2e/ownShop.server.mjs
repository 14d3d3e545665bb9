/**
 * One app of e2e/ownShop.ts's copy of the shop, in its own Node process (so stopping it is a
 * server going down): served by the production rules (scripts/static-server.mjs), printing one
 * JSON line per request it answers.
 *   node e2e/ownShop.server.mjs APP_DIST PORT ENVIRONMENT_DIR remote|host
 * (an environment never published: its remotes.json, every page rendered in the browser)
 */
import { serveDist } from '../scripts/static-server.mjs';

const [dist, port, env, kind] = process.argv.slice(2);
const server = await serveDist({ name: dist, dist, port: Number(port), env, isRemote: kind === 'remote' });
server.on('request', (request) =>
  console.log(JSON.stringify({ path: request.url, purpose: String(request.headers['sec-purpose'] ?? '') })),
);
console.log('listening');
