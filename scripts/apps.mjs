/** The four apps, their folders and ports: one list for the build, serve and test scripts. */
export const APPS = [
  { name: 'host', dir: 'host', port: 3000 },
  { name: 'catalog', dir: 'remote-catalog', port: 3001 },
  { name: 'cart', dir: 'remote-cart', port: 3002 },
  { name: 'account', dir: 'remote-account', port: 3003 },
];
