/**
 * The guard of the facade contract (./README.md): the ESLint rule `maison/facade-contract`,
 * which `npm run lint` runs on every file but the facades themselves and the tests.
 *
 * It refuses every value import from a shared library that the page does not share: a named
 * import outside the library's list in ./contract.json, a default or `* as` import, a dynamic
 * `import()` or `require()`, a side-effect import, and any value from react-router itself, from
 * a deep path (`react-router/dom`) or from `@maison/unshared/*` (the facades' own way in). Type
 * imports are always allowed: they leave nothing in the bundle.
 */
'use strict';

const contract = require('./contract.json');
const { version } = require('../../package.json');

/**
 * The entry of contract.json a version of @maison/shared answers to: its major.minor.
 * @param {string} sharedVersion
 * @returns {string}
 */
function contractLine(sharedVersion) {
  const match = /^(\d+)\.(\d+)\./.exec(sharedVersion);
  if (!match) throw new Error(`@maison/shared has an unreadable version "${sharedVersion}"`);
  return `${match[1]}.${match[2]}`;
}

/**
 * What the page shares of each library at this checkout's @maison/shared version.
 * @returns {Record<string, string[]>}
 */
function currentContract() {
  const line = contractLine(version);
  const entry = contract[line];
  if (!entry) throw new Error(`shared/src/facades/contract.json has no entry for @maison/shared ${line} (package.json says ${version})`);
  return entry;
}

const GUIDE = 'shared/src/facades/README.md says how to share another';

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import from a shared library only the values the page shares (types are free)' },
    schema: [
      {
        type: 'object',
        properties: { shares: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        required: ['shares'],
        additionalProperties: false,
      },
    ],
    messages: {
      notShared:
        "'{{name}}' is not a value the page shares from {{source}}: it would be undefined at run time. " +
        'Shared: {{allowed}}. ' +
        GUIDE +
        '.',
      sharesNothing: 'The page shares no value from {{source}} ({{name}}): importing one bundles a second, unshared copy. ' + GUIDE + '.',
    },
  },
  create(context) {
    /** @type {Record<string, string[]>} */
    const shares = context.options[0].shares;
    const libraries = Object.keys(shares);

    /** The values `source` may give, or undefined for a module the contract does not cover. */
    function allowedFrom(source) {
      if (Object.hasOwn(shares, source)) return shares[source];
      if (source.startsWith('@maison/unshared/') || libraries.some((library) => source.startsWith(`${library}/`))) return [];
      return undefined;
    }

    function check(node, source, name) {
      const allowed = allowedFrom(source);
      if (!allowed || allowed.includes(name)) return;
      context.report({
        node,
        messageId: allowed.length > 0 ? 'notShared' : 'sharesNothing',
        data: { name, source, allowed: allowed.join(', ') },
      });
    }

    const nameOf = (node) => (node.type === 'Identifier' ? node.name : String(node.value));
    const literalSource = (node) => (node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined);

    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (node.importKind === 'type' || !allowedFrom(source)) return;
        if (node.specifiers.length === 0) check(node, source, 'a side-effect import');
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type') check(specifier, source, nameOf(specifier.imported));
          else if (specifier.type === 'ImportDefaultSpecifier') check(specifier, source, 'default');
          else if (specifier.type === 'ImportNamespaceSpecifier') check(specifier, source, `* as ${specifier.local.name}`);
        }
      },
      ExportNamedDeclaration(node) {
        if (!node.source || node.exportKind === 'type') return;
        for (const specifier of node.specifiers) {
          if (specifier.exportKind !== 'type') check(specifier, node.source.value, nameOf(specifier.local));
        }
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') check(node, node.source.value, 'export *');
      },
      ImportExpression(node) {
        const source = literalSource(node.source);
        if (source) check(node, source, 'import()');
      },
      CallExpression(node) {
        const source = node.callee.type === 'Identifier' && node.callee.name === 'require' ? literalSource(node.arguments[0]) : undefined;
        if (source) check(node, source, 'require()');
      },
      TSImportEqualsDeclaration(node) {
        const source =
          node.moduleReference.type === 'TSExternalModuleReference' ? literalSource(node.moduleReference.expression) : undefined;
        if (source && node.importKind !== 'type') check(node, source, 'import = require()');
      },
    };
  },
};

module.exports = { rule, contractLine, currentContract };
