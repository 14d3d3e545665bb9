/**
 * A remote's mf-manifest.json as `npm run build` writes it (remote-cart/dist, trimmed to one shared
 * library), for tests that serve or read a real-looking manifest and then make it hostile.
 */
export function remoteManifest(name = 'cart', sharedContract = '0.3.0') {
  return {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: '0.1.0+45871a106b', buildName: `remote-${name}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: name,
      pluginVersion: '2.9.2',
      publicPath: 'auto',
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server/', type: 'commonjs-module' },
      serverModules: [] as string[],
    },
    shared: [
      {
        id: `${name}:@maison/shared`,
        name: '@maison/shared',
        version: sharedContract,
        singleton: true,
        requiredVersion: sharedContract,
        assets: { js: { async: [] as string[], sync: ['939.c3dbec382a.js'] }, css: { async: [] as string[], sync: [] as string[] } },
        fallback: '',
      },
    ],
    remotes: [] as unknown[],
    exposes: [
      {
        id: `${name}:CartPage`,
        name: 'CartPage',
        assets: {
          js: { sync: ['__federation_expose_CartPage.2ae4a20b52.js'], async: ['326.8de8e88eb5.js', '181.636e7357be.js'] },
          css: { sync: ['__federation_expose_CartPage.73ac6e17b9.css'], async: ['791.c11fad5401.css'] },
        },
        path: './CartPage',
      },
      {
        id: `${name}:CheckoutPage`,
        name: 'CheckoutPage',
        assets: {
          js: { sync: ['__federation_expose_CheckoutPage.646b3380a4.js'], async: ['326.8de8e88eb5.js'] },
          css: { sync: ['__federation_expose_CheckoutPage.c2d0f22c76.css'], async: ['791.c11fad5401.css'] },
        },
        path: './CheckoutPage',
      },
    ],
  };
}

export type RemoteManifest = ReturnType<typeof remoteManifest>;

/**
 * The ways a manifest can name a file off its build, each as a change to a real-looking one: the
 * field, what it is set to, and what a reader says. `elsewhere` is an address that must never be
 * contacted (a test's counting listener).
 */
export function hostileManifests(elsewhere: string): Array<{ field: string; change: (manifest: RemoteManifest) => void; says: string }> {
  const outside = 'must be a relative path inside the build';
  return [
    {
      field: 'exposes[0].assets.css.sync[0]',
      change: (manifest) => (manifest.exposes[0]!.assets.css.sync[0] = `${elsewhere}/cart.css`),
      says: outside,
    },
    {
      field: 'exposes[1].assets.css.sync[0]',
      change: (manifest) => (manifest.exposes[1]!.assets.css.sync[0] = `//${new URL(elsewhere).host}/cart.css`),
      says: outside,
    },
    { field: 'exposes[0].assets.js.sync[0]', change: (manifest) => (manifest.exposes[0]!.assets.js.sync[0] = '../cart.js'), says: outside },
    { field: 'shared[0].assets.js.sync[0]', change: (manifest) => (manifest.shared[0]!.assets.js.sync[0] = '/939.js'), says: outside },
    {
      field: 'metaData.ssrRemoteEntry.path',
      change: (manifest) => (manifest.metaData.ssrRemoteEntry.path = `${elsewhere}/server/`),
      says: outside,
    },
    {
      field: 'metaData.ssrRemoteEntry.name',
      change: (manifest) => (manifest.metaData.ssrRemoteEntry.name = `${elsewhere}/remoteEntry.js`),
      says: outside,
    },
    {
      field: 'metaData.publicPath',
      change: (manifest) => (manifest.metaData.publicPath = `${elsewhere}/`),
      says: 'must be "auto"',
    },
    {
      field: 'metaData.getPublicPath',
      change: (manifest) => Object.assign(manifest.metaData, { getPublicPath: `return "${elsewhere}/"` }),
      says: 'must not be set',
    },
    {
      field: 'metaData.ssrPublicPath',
      change: (manifest) => Object.assign(manifest.metaData, { ssrPublicPath: `${elsewhere}/` }),
      says: 'must not be set',
    },
    {
      field: 'remotes',
      change: (manifest) => manifest.remotes.push({ federationContainerName: 'x', entry: `${elsewhere}/mf-manifest.json` }),
      says: 'must be empty',
    },
  ];
}
