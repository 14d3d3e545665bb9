import { composeDevRemotes } from './devRemotes';

const staging = {
  catalog: 'https://cdn.example.com/catalog/1.2.0/mf-manifest.json',
  cart: ['https://cdn.example.com/cart/2.0.1/mf-manifest.json', 'https://cdn.example.com/cart/2.0.0/mf-manifest.json'],
  account: '/account/mf-manifest.json',
};

describe('the remotes.json npm start -- --against serves', () => {
  it('takes the local remotes from their dev servers and the others, fallbacks included, from the environment', () => {
    const result = composeDevRemotes({
      environment: staging,
      source: 'https://staging.example.com/remotes.json',
      local: ['cart'],
    });
    expect(result).toEqual({
      remotes: {
        catalog: ['https://cdn.example.com/catalog/1.2.0/mf-manifest.json'],
        cart: ['http://localhost:3002/mf-manifest.json'],
        account: ['https://staging.example.com/account/mf-manifest.json'],
      },
      errors: [],
      warnings: [],
    });
  });

  it('refuses a root-relative entry from a file, which names no origin to resolve it against', () => {
    const result = composeDevRemotes({ environment: staging, source: 'staging-remotes.json', local: ['cart'] });
    expect(result.remotes).toBeUndefined();
    expect(result.errors).toEqual([
      '"account" in staging-remotes.json is relative to the environment\'s origin: pass --against the environment\'s remotes.json URL',
    ]);
  });

  it('accepts the same file once the remote with the relative entry runs locally', () => {
    const result = composeDevRemotes({ environment: staging, source: 'staging-remotes.json', local: ['account'] });
    expect(result.remotes?.account).toEqual(['http://localhost:3003/mf-manifest.json']);
    expect(result.remotes?.cart).toHaveLength(2);
  });

  it('names a remote the environment cannot provide, and says how to run it locally instead', () => {
    const result = composeDevRemotes({
      environment: { catalog: staging.catalog, account: 'ftp://old.example.com/mf-manifest.json' },
      source: 'https://staging.example.com/remotes.json',
      local: [],
    });
    expect(result.remotes).toBeUndefined();
    expect(result.errors).toEqual([
      'https://staging.example.com/remotes.json has no usable manifest URL for "cart": run it locally too (--only …,cart)',
      'https://staging.example.com/remotes.json has no usable manifest URL for "account": run it locally too (--only …,account)',
    ]);
    expect(result.warnings).toContain(
      'https://staging.example.com/remotes.json: "account" entry "ftp://old.example.com/mf-manifest.json" is not an http(s) URL',
    );
  });

  it('warns about what the page would ignore, and still serves the rest', () => {
    const result = composeDevRemotes({
      environment: { ...staging, wishlist: 'https://cdn.example.com/wishlist/mf-manifest.json' },
      source: 'https://staging.example.com/remotes.json',
      local: ['cart'],
    });
    expect(result.remotes?.catalog).toEqual([staging.catalog]);
    expect(result.warnings).toEqual([
      'https://staging.example.com/remotes.json: unknown remote "wishlist" (known: catalog, cart, account)',
    ]);
  });

  it('refuses an environment file that is not a remotes.json at all', () => {
    const result = composeDevRemotes({
      environment: ['nope'],
      source: 'https://staging.example.com/remotes.json',
      local: [],
    });
    expect(result.errors).toHaveLength(3);
    expect(result.warnings[0]).toContain('must be a JSON object of remote names');
  });
});
