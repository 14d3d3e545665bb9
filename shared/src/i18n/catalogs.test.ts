/**
 * Every app's message catalogue (src/messages.ts) holds only keys its code uses: a key nobody
 * renders is a translation nobody checks. Keys built from a prefix (`t(\`sort_${option}\`)`)
 * count for every key with that prefix.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const APPS = ['host', 'remote-catalog', 'remote-cart', 'remote-account'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.includes('.test.') && name !== 'messages.ts' ? [file] : [];
  });
}

describe.each(APPS)('%s messages', (app) => {
  const src = path.join(root, app, 'src');
  const catalog = readFileSync(path.join(src, 'messages.ts'), 'utf8');
  // The English block: the first object literal passed to defineMessages.
  const english = catalog.slice(catalog.indexOf('defineMessages(') + 'defineMessages('.length, catalog.indexOf('\n  },'));
  const keys = [...english.matchAll(/^ {4}(\w+):/gm)].map((match) => match[1]!);
  const code = sourceFiles(src)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const prefixes = [...code.matchAll(/t\(`(\w+)\$\{/g)].map((match) => match[1]!);

  it('has keys to check', () => expect(keys.length).toBeGreaterThan(5));

  it.each(keys)('uses %s', (key) => {
    const used = new RegExp(`['"\`]${key}['"\`]`).test(code) || prefixes.some((prefix) => key.startsWith(prefix));
    expect(used).toBe(true);
  });
});
