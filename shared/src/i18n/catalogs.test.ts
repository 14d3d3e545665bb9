/**
 * Every message catalogue (`defineMessages(en, vi)`: each app's src/messages.ts and the few
 * inside @maison/shared) holds only keys its code renders: a key nobody renders is a
 * translation nobody checks.
 *
 * Whether a key is rendered is the compiler's answer, not a text search: a key is used when its
 * literal type fits an argument given to a translator made from its catalogue, as in
 * `t('cartTitle')`, `t(exists ? 'updated' : 'added')`, `t(link.label)` with `label` typed
 * `'navHome' | 'navProducts' | …`, or `t(\`sort_${option}\`)`. An argument typed as every key
 * of its catalogue (a cast, a field typed with the whole key union) proves nothing, so it fails
 * the test too: type it as the keys it can hold.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { APPS } from '../../../apps.mts';
import { appSourceFiles, isTestFile, ROOT as root, SOURCE_DIRS } from '@test/appSources';

const I18N_DIR = path.join(root, 'shared', 'src', 'i18n') + path.sep;

interface Catalogue {
  /** Where it is defined: `remote-cart/src/messages.ts:3`. */
  where: string;
  /** Each English key, and where it is written. */
  keys: Map<string, string>;
  used: Set<string>;
}

interface Findings {
  catalogues: Catalogue[];
  /** Translator calls whose argument tells nothing about which keys it holds. */
  vague: string[];
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  // Only what the page runs is read: no test or Node typings.
  return { ...config!.options, types: [], noEmit: true };
}

const isAppSource = (fileName: string) =>
  SOURCE_DIRS.some((dir) => path.resolve(fileName).startsWith(dir + path.sep)) && !isTestFile(fileName);

/** The function, in shared/src/i18n/, whose call made this signature: `defineMessages`, or `useTranslator` for the `t` it returns. */
function i18nOrigin(signature: ts.Signature | undefined): 'defineMessages' | 't' | undefined {
  const declaration = signature?.getDeclaration();
  if (!declaration || !path.resolve(declaration.getSourceFile().fileName).startsWith(I18N_DIR)) return undefined;
  if (ts.isFunctionDeclaration(declaration) && declaration.name?.text === 'defineMessages') return 'defineMessages';
  for (let node: ts.Node | undefined = declaration.parent; node; node = node.parent) {
    if (ts.isFunctionDeclaration(node)) return node.name?.text === 'useTranslator' && declaration !== node ? 't' : undefined;
  }
  return undefined;
}

/** The string literals a type stands for, or undefined when it is not made of string literals only. */
function literalsOf(type: ts.Type): string[] | undefined {
  const parts = type.isUnion() ? type.types : [type];
  return parts.every((part) => part.isStringLiteral()) ? parts.map((part) => (part as ts.StringLiteralType).value) : undefined;
}

/**
 * The keys a translator's argument can hold: literals written in it (through `?:` and
 * parentheses) count as they are; anything else (a variable, a field, a template) by its type,
 * which must be narrower than "any key of the catalogue".
 */
function keysGiven(argument: ts.Expression, catalogueKeys: string[], checker: ts.TypeChecker): string[] | 'vague' {
  if (ts.isParenthesizedExpression(argument)) return keysGiven(argument.expression, catalogueKeys, checker);
  if (ts.isStringLiteralLike(argument)) return [argument.text];
  if (ts.isConditionalExpression(argument)) {
    const branches = [keysGiven(argument.whenTrue, catalogueKeys, checker), keysGiven(argument.whenFalse, catalogueKeys, checker)];
    return branches.includes('vague') ? 'vague' : (branches as string[][]).flat();
  }
  const keys = literalsOf(checker.getTypeAtLocation(argument));
  return keys && (catalogueKeys.length === 1 || keys.length < catalogueKeys.length) ? keys : 'vague';
}

function findUses(program: ts.Program): Findings {
  const checker = program.getTypeChecker();
  const catalogues = new Map<string, Catalogue>();
  const translatorCalls: Array<{ keys: string[]; given: string[] | 'vague'; where: string }> = [];
  const whereOf = (node: ts.Node) => {
    const file = node.getSourceFile();
    return `${path.relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  for (const file of program.getSourceFiles().filter((candidate) => isAppSource(candidate.fileName))) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const origin = i18nOrigin(checker.getResolvedSignature(node));
        const [first] = node.arguments;
        if (origin === 'defineMessages' && first && ts.isObjectLiteralExpression(first)) {
          const keys = new Map(
            first.properties.map((property) => [property.name?.getText().replace(/^['"]|['"]$/g, '') ?? '', whereOf(property)]),
          );
          const id = [...keys.keys()].sort().join('|');
          if (catalogues.has(id)) throw new Error(`${whereOf(node)} has the same keys as ${catalogues.get(id)!.where}`);
          catalogues.set(id, { where: whereOf(node), keys, used: new Set() });
        } else if (origin === 't' && first) {
          const signature = checker.getResolvedSignature(node)!;
          const keys = literalsOf(checker.getTypeOfSymbol(signature.getParameters()[0]!)) ?? [];
          translatorCalls.push({ keys, given: keysGiven(first, keys, checker), where: whereOf(node) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const vague: string[] = [];
  for (const call of translatorCalls) {
    const catalogue = catalogues.get([...call.keys].sort().join('|'));
    if (!catalogue) throw new Error(`${call.where}: a translator over no catalogue this test found`);
    if (call.given === 'vague') vague.push(call.where);
    else call.given.forEach((key) => catalogue.used.add(key));
  }
  return { catalogues: [...catalogues.values()], vague };
}

const unusedKeys = ({ catalogues }: Findings) =>
  catalogues.flatMap(({ keys, used }) => [...keys].filter(([key]) => !used.has(key)).map(([key, where]) => `${where} ${key}`));

describe('message catalogues', () => {
  let program: ts.Program;
  let findings: Findings;

  beforeAll(() => {
    program = ts.createProgram(appSourceFiles(), compilerOptions());
    findings = findUses(program);
  }, 60_000);

  it("finds every app's catalogue", () => {
    for (const { dir } of APPS) {
      expect(findings.catalogues.map(({ where }) => where)).toContainEqual(expect.stringMatching(new RegExp(`^${dir}/src/messages\\.ts:`)));
    }
  });

  it('gives every translator an argument that says which keys it holds', () => expect(findings.vague).toEqual([]));

  it('holds no key that nothing renders', () => expect(unusedKeys(findings)).toEqual([]));

  it('fails for an unused key, even a word the code quotes elsewhere (remote-cart says autoComplete="email")', () => {
    const messagesFile = path.join(root, 'remote-cart', 'src', 'messages.ts');
    const original = readFileSync(messagesFile, 'utf8');
    const withUnusedKey = original.replaceAll('\n    cartTitle:', "\n    email: 'Email',\n    cartTitle:");
    expect(withUnusedKey.split("email: 'Email'")).toHaveLength(3); // in the English and the Vietnamese block
    // Every other file is the one already parsed.
    const host = ts.createCompilerHost(program.getCompilerOptions());
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, ...rest) =>
      path.resolve(fileName) === messagesFile
        ? ts.createSourceFile(fileName, withUnusedKey, languageVersion)
        : (program.getSourceFile(fileName) ?? getSourceFile(fileName, languageVersion, ...rest));
    // remote-cart's own files (and @maison/shared, which they import) are enough.
    const cartFiles = program.getRootFileNames().filter((fileName) => path.resolve(fileName).startsWith(path.dirname(messagesFile)));
    const mutated = ts.createProgram(cartFiles, program.getCompilerOptions(), host, program);
    expect(unusedKeys(findUses(mutated))).toEqual([expect.stringMatching(/^remote-cart\/src\/messages\.ts:\d+ email$/)]);
  }, 60_000);
});
