import { FEDERATION_DATA_ID, withInlineData, type InlineFederationData } from './inlineData';

const DATA: InlineFederationData = {
  remotesJson: { catalog: 'https://catalog.example/mf-manifest.json' },
  manifests: { 'https://catalog.example/mf-manifest.json': { id: 'catalog', exposes: [] } },
};

/** A page whose JSON block has `text` (none: null). */
const documentWith = (text: string | null) =>
  ({
    getElementById: (id: string) => (id === FEDERATION_DATA_ID && text !== null ? { textContent: text } : null),
  }) as unknown as Document;
const PAGE = documentWith(JSON.stringify(DATA));

/** A fetch that records what reached the network. */
function network() {
  const asked: string[] = [];
  const fetchImpl = ((input: RequestInfo | URL) => {
    asked.push(String(input));
    return Promise.resolve(new Response('{"from":"network"}'));
  }) as typeof fetch;
  return { asked, fetchImpl };
}

describe('a rendered page’s federation data', () => {
  it('answers remotes.json and the inline manifests without the network', async () => {
    const { asked, fetchImpl } = network();
    const inline = withInlineData(PAGE, fetchImpl);
    expect(await (await inline('/remotes.json')).json()).toEqual(DATA.remotesJson);
    expect(await (await inline(new URL('https://catalog.example/mf-manifest.json'))).json()).toEqual(
      DATA.manifests['https://catalog.example/mf-manifest.json'],
    );
    expect(asked).toEqual([]);
  });

  it('sends anything else to the network: another remote’s manifest, a Retry’s fresh URL, a page without data', async () => {
    const { asked, fetchImpl } = network();
    const inline = withInlineData(PAGE, fetchImpl);
    await inline('https://cart.example/mf-manifest.json');
    await inline('https://catalog.example/mf-manifest.json?retry=1');
    await withInlineData(documentWith(null), fetchImpl)('/remotes.json');
    expect(asked).toEqual(['https://cart.example/mf-manifest.json', 'https://catalog.example/mf-manifest.json?retry=1', '/remotes.json']);
  });

  it('is read from the page’s JSON block; a page without one, or with a broken one, has none', async () => {
    const { asked, fetchImpl } = network();
    expect(await (await withInlineData(PAGE, fetchImpl)('/remotes.json')).json()).toEqual(DATA.remotesJson);
    await withInlineData(documentWith(null), fetchImpl)('/remotes.json');
    await withInlineData(documentWith('{"remotesJson": '), fetchImpl)('/remotes.json');
    expect(asked).toEqual(['/remotes.json', '/remotes.json']);
  });
});
