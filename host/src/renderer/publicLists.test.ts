import { checkedPublicPages, ownPathProblem } from './publicLists';

describe('ownPathProblem: a path on the shop’s own origin', () => {
  it.each(['/', '/products', '/products/hoi-an-handkerchief', '/products/hoan-kiem-lake-handkerchief?variant=2', '/vi/', '/a#top'])(
    'accepts %p',
    (path) => expect(ownPathProblem(path)).toBeUndefined(),
  );

  it.each([
    ['//evil.example/', 'is not a path on the shop’s own origin'],
    ['/\\evil.example', 'is not a path on the shop’s own origin'],
    ['https://evil.example/', 'is not a path on the shop’s own origin'],
    ['products', 'is not a path on the shop’s own origin'],
    ['', 'is not a path on the shop’s own origin'],
    // A URL parser drops a tab or a newline: "/\t/evil.example" is "//evil.example".
    ['/\t/evil.example', 'has a space, a control character or a backslash in it'],
    ['/products\r\nSet-Cookie: a=b', 'has a space, a control character or a backslash in it'],
    ['/products/a\\b', 'has a space, a control character or a backslash in it'],
    ['/.//evil.example', 'has an empty, "." or ".." segment'],
    ['/products//x', 'has an empty, "." or ".." segment'],
    ['/../x', 'has an empty, "." or ".." segment'],
    [`/${'a'.repeat(2048)}`, 'is longer than 2048 characters'],
    [42, 'is not text'],
  ])('refuses %p: %s', (path, problem) => expect(ownPathProblem(path)).toContain(problem));
});

describe('checkedPublicPages', () => {
  it('keeps a list as the remotes write it', () => {
    const list = { paths: ['/products/hoi-an-handkerchief'], redirects: { '/product/2': '/products/hoi-an-handkerchief?variant=2' } };
    expect(checkedPublicPages('catalog', list)).toEqual({ ...list, problems: [] });
  });

  it('leaves out what leads off the shop, saying so', () => {
    const checked = checkedPublicPages('catalog', { paths: ['/a', '//evil.example'], redirects: { '/b': '//evil.example/', '//c': '/d' } });
    expect(checked.paths).toEqual(['/a']);
    expect(checked.redirects).toEqual({});
    expect(checked.problems).toEqual([
      'catalog: listed page "//evil.example" is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
      'catalog: redirect "/b" → "//evil.example/": its target is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
      'catalog: redirect "//c" → "/d": its path is not a path on the shop’s own origin (one "/", then no "/" or "\\"); left out',
    ]);
  });

  it.each([null, { paths: '/a', redirects: {} }, { paths: [1], redirects: {} }, { paths: [], redirects: { '/a': 2 } }])(
    'throws on what is not a list of pages: %p',
    (list) => expect(() => checkedPublicPages('catalog', list)).toThrow(/catalog's PublicPages is not a list of paths and redirects/),
  );
});
