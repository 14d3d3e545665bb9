/**
 * The facade contract (./README.md), checked:
 * - the facades export exactly the values ./contract.json lists for this @maison/shared
 *   major.minor, and the apps import exactly those: nothing shared that nobody uses, nothing
 *   used that is not shared;
 * - an entry of contract.json that main already holds never changes, and within a major from
 *   1 on a later minor keeps every value of an earlier one. So changing what a facade shares
 *   takes a new @maison/shared minor, and the host refuses a remote built against a newer
 *   minor than it provides, as it does for any other change to @maison/shared;
 * - `npm run typecheck` sees each facade package as its facade;
 * - the lint rule refuses what it must and allows types, and `npm run lint` runs it on app code.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { RuleTester } from 'eslint';
import { parser } from 'typescript-eslint';
import { appSourceFiles, ROOT } from '@test/appSources';
import { FACADES } from '../../../webpack/sharing';
import { contractLine, currentContract, rule } from './facadeContract.cjs';
import contract from './contract.json';

type Contract = Record<string, Record<string, string[]>>;

const VENDOR = __dirname;
const CONTRACT_FILE = 'shared/src/facades/contract.json';
const ESLINT_BIN = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
const sharedVersion = (JSON.parse(readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
const sorted = (names: Iterable<string>) => [...names].sort();

/** The values a facade exports (`export { … } from`); `export type` re-exports are its types. */
function facadeExports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isExportDeclaration(statement)) {
      if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some(({ kind }) => kind === ts.SyntaxKind.ExportKeyword)) {
        throw new Error(`${file}: a facade only re-exports`);
      }
      return [];
    }
    if (statement.isTypeOnly) return [];
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) throw new Error(`${file}: "export *" shares everything`);
    return statement.exportClause.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text);
  });
}

/** Per module, the values the page's code imports from it (`*` for a whole-module import). */
function valueImports(files: string[], modules: (specifier: string) => boolean): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (specifier: string, name: string) => {
    if (!modules(specifier)) return;
    if (!found.has(specifier)) found.set(specifier, new Set());
    found.get(specifier)!.add(name);
  };
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? node.moduleSpecifier.text
          : undefined;
      if (specifier && ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
        const clause = node.importClause;
        if (!clause) add(specifier, '*');
        if (clause?.name) add(specifier, 'default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) add(specifier, '*');
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) if (!element.isTypeOnly) add(specifier, (element.propertyName ?? element.name).text);
        }
      } else if (specifier && ts.isExportDeclaration(node) && !node.isTypeOnly) {
        const clause = node.exportClause;
        if (!clause || !ts.isNamedExports(clause)) add(specifier, '*');
        else for (const element of clause.elements) if (!element.isTypeOnly) add(specifier, (element.propertyName ?? element.name).text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteral(argument)) add(argument.text, '*');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The values taken out of a library by a later minor of the same major (from 1.0 on). */
function valuesTakenOut(entries: Contract): string[] {
  const lines = Object.keys(entries).map((line) => ({ line, major: Number(line.split('.')[0]), minor: Number(line.split('.')[1]) }));
  return lines.flatMap((earlier) =>
    lines
      .filter((later) => earlier.major >= 1 && later.major === earlier.major && later.minor > earlier.minor)
      .flatMap((later) =>
        Object.entries(entries[earlier.line]!).flatMap(([library, values]) =>
          values
            .filter((value) => !entries[later.line]![library]?.includes(value))
            .map((value) => `${later.line} drops ${library} ${value}`),
        ),
      ),
  );
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** contract.json as main holds it, or undefined without git or a main branch (the check is then skipped, visibly). */
function contractOnMain(): { ref: string; entries: Contract } | undefined {
  for (const ref of [process.env.CONTRACT_BASE_REF, 'origin/main', 'main'].filter((candidate): candidate is string => !!candidate)) {
    try {
      git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    } catch {
      continue;
    }
    try {
      return { ref, entries: JSON.parse(git('show', `${ref}:${CONTRACT_FILE}`)) as Contract };
    } catch {
      return { ref, entries: {} }; // main has no contract.json yet
    }
  }
  return undefined;
}

describe('the facade contract', () => {
  const entries = contract as Contract;
  const current = currentContract();

  it.each([
    ['0.2.0', '0.2'],
    ['1.10.3', '1.10'],
    ['2.0.0-rc.1', '2.0'],
  ])('takes the entry of @maison/shared %s from its major.minor, %s', (version, line) => {
    expect(contractLine(version)).toBe(line);
  });

  it('refuses a @maison/shared version it cannot read', () => {
    expect(() => contractLine('latest')).toThrow(/unreadable version "latest"/);
  });

  it(`has an entry for this @maison/shared (${sharedVersion}), the one npm run lint enforces on an app's code`, () => {
    expect(Object.keys(entries)).toContain(contractLine(sharedVersion));
    // The rule's options as eslint.config.mjs gives them for a file of an app.
    const printed = spawnSync(process.execPath, [ESLINT_BIN, '--print-config', 'remote-cart/src/probe.tsx'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const { rules } = JSON.parse(printed.stdout) as { rules: Record<string, unknown> };
    expect(rules['maison/facade-contract']).toEqual([2, { shares: entries[contractLine(sharedVersion)] }]);
  }, 60_000);

  it('lists exactly the facades webpack shares, and libraries that share nothing', () => {
    const withValues = Object.keys(current).filter((library) => current[library]!.length > 0);
    expect(sorted(withValues)).toEqual(sorted(Object.keys(FACADES)));
  });

  it.each(Object.entries(FACADES))('is what the %s facade exports', (library, file) => {
    expect(sorted(facadeExports(path.join(VENDOR, file)))).toEqual(sorted(current[library]!));
  });

  it('is what the apps import: every shared value is used, and nothing else is', () => {
    const guarded = (specifier: string) =>
      specifier.startsWith('@maison/unshared/') ||
      Object.keys(current).some((library) => specifier === library || specifier.startsWith(`${library}/`));
    const files = appSourceFiles().filter((file) => !file.startsWith(VENDOR + path.sep));
    const imported = valueImports(files, guarded);
    const expected = Object.entries(current).filter(([, values]) => values.length > 0);
    expect(sorted(imported.keys())).toEqual(sorted(expected.map(([library]) => library)));
    for (const [library, values] of expected) expect([library, sorted(imported.get(library)!)]).toEqual([library, sorted(values)]);
  });

  it('is what npm run typecheck sees: each facade package is its facade', () => {
    const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile) as {
      config: { compilerOptions: { paths: Record<string, string[]> } };
    };
    for (const [library, file] of Object.entries(FACADES)) {
      expect([library, config.compilerOptions.paths[library]]).toEqual([library, [`./shared/src/facades/${file}`]]);
    }
  });

  it('keeps, within a major from 1.0 on, every value an earlier minor shared', () => {
    expect(valuesTakenOut(entries)).toEqual([]);
    // The rule itself, on made-up entries.
    expect(valuesTakenOut({ '1.0': { lib: ['a', 'b'] }, '1.1': { lib: ['a'] }, '2.0': { lib: [] } })).toEqual(['1.1 drops lib b']);
  });

  const onMain = contractOnMain();
  (onMain ? it : it.skip)(`never changes an entry main holds (${onMain?.ref ?? 'no main branch here'})`, () => {
    const changed = Object.keys(onMain!.entries).filter(
      (line) => line in entries && JSON.stringify(onMain!.entries[line]) !== JSON.stringify(entries[line]),
    );
    expect(changed).toEqual([]);
  });
});

describe('maison/facade-contract (the lint rule)', () => {
  const options = [{ shares: { 'react-router-dom': ['Link'], 'react-router': [] } }];
  const invalid = (code: string, messageId: 'notShared' | 'sharesNothing') => ({ code, options, errors: [{ messageId }] });
  new RuleTester({ languageOptions: { parser } }).run('maison/facade-contract', rule, {
    valid: [
      "import { Link } from 'react-router-dom';",
      "import { Link, type LinkProps } from 'react-router-dom';",
      "import type { Location } from 'react-router';",
      "import { type Location } from 'react-router';",
      "export type { Location } from 'react-router';",
      "export type * from 'react-router';",
      "import { readFileSync } from 'node:fs';",
      "import { anything } from 'react-routerish';",
    ].map((code) => ({ code, options })),
    invalid: [
      invalid("import { Link, matchPath } from 'react-router-dom';", 'notShared'),
      invalid("import { Link } from 'react-router';", 'sharesNothing'),
      invalid("import * as Router from 'react-router-dom';", 'notShared'),
      invalid("import Router from 'react-router-dom';", 'notShared'),
      invalid("import 'react-router';", 'sharesNothing'),
      invalid("export { matchPath } from 'react-router-dom';", 'notShared'),
      invalid("export * from 'react-router-dom';", 'notShared'),
      invalid("const router = import('react-router');", 'sharesNothing'),
      invalid("const { Link } = require('react-router');", 'sharesNothing'),
      invalid("import Router = require('react-router');", 'sharesNothing'),
      invalid("import { RouterProvider } from 'react-router/dom';", 'sharesNothing'),
      invalid("import { configureStore } from '@maison/unshared/@reduxjs/toolkit';", 'sharesNothing'),
    ],
  });

  it("is what npm run lint applies to an app's code", () => {
    const lint = spawnSync(process.execPath, [ESLINT_BIN, '--format', 'json', '--stdin', '--stdin-filename', 'remote-cart/src/probe.tsx'], {
      cwd: ROOT,
      encoding: 'utf8',
      input: "import { Link } from 'react-router';\n\nexport const link = Link;\n",
    });
    const [report] = JSON.parse(lint.stdout) as Array<{ messages: Array<{ ruleId: string; line: number }> }>;
    expect(report!.messages.map(({ ruleId, line }) => `${line} ${ruleId}`)).toEqual(['1 maison/facade-contract']);
  }, 60_000);
});
