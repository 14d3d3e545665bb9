/** `@maison/deploy/serve`: starting the servers (the shop as `npm run serve` runs it, or one answerer), for the bench and tests. */
export { listen, nodeListener } from './servers/node.ts';
export { findNginx } from './servers/nginx.ts';
export { batchedOutput, serverLog } from './observe/logger.ts';
export { serverMetrics } from './observe/metrics.ts';
export { observer } from './observe/observer.ts';
export { serveShop } from './servers/shop.ts';
