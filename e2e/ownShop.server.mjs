/**
 * One app of e2e/ownShop.ts's copy of the shop, in its own Node process (so stopping it is a
 * server going down): answered by the one answerer (@maison/deploy), printing one JSON line per
 * request it answers.
 *   node e2e/ownShop.server.mjs APP_DIST PORT ENVIRONMENT_DIR remote|host
 * (an environment never published: its remotes.json, every page rendered in the browser)
 */
import { createAnswerer, watchEnvironment } from '@maison/deploy';
import { listen } from '@maison/deploy/serve';

const [dist, port, env, kind] = process.argv.slice(2);
const isHost = kind === 'host';
const log = (line) => console.error(line);
const answer = createAnswerer({
  app: { isHost, dist },
  environment: watchEnvironment(env, { log }),
  log,
});
await listen(
  (request) => {
    const url = new URL(request.url);
    console.log(JSON.stringify({ path: url.pathname + url.search, purpose: request.headers.get('sec-purpose') ?? '' }));
    return answer.answer(request);
  },
  Number(port),
  { isRemote: !isHost, log },
);
console.log('listening');
