/**
 * One lint gate for the whole repository (npm run lint, the first step of npm test, zero
 * warnings). Besides correctness and accessibility it enforces the boundaries between teams:
 * an app never imports another app's source, nobody reaches into @maison/shared's internals,
 * no module imports itself in a circle, no code imports a value of a shared library that
 * the page does not share (`maison/facade-contract`, shared/src/facades/README.md), and no team
 * writes a page's path by hand (the address module's `hrefs` and `PAGE_PATHS` say them).
 */
import js from '@eslint/js';
import { config, configs as tsConfigs } from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import apps from './apps.json' with { type: 'json' };
import facadeContract from './shared/src/facades/facadeContract.cjs';
import { PAGE_PATHS } from './shared/src/address/pagePaths.ts';

const APP_DIRS = apps.map(({ dir }) => dir);

/** Each app may import only itself, @maison/shared's public entry points and libraries. */
const appBoundaries = APP_DIRS.map((app) => ({
  target: `./${app}/src`,
  from: APP_DIRS.filter((other) => other !== app).map((other) => `./${other}`),
  message: 'Apps meet only through federation and @maison/shared: import nothing from another app.',
}));

/**
 * Layers point one way: shared at the bottom, the apps above it, then what builds (webpack/),
 * serves and publishes (deploy/) them, and the tools and tests on top. A layer reaches the host
 * only through its public entries for them: the code they run as the page does
 * (`@maison/host/hosting`) and the formats they exchange (`@maison/host/contract`).
 */
const TOOLS = ['./deploy', './webpack', './scripts', './e2e', './test'];
const layerBoundaries = [
  { target: './shared/src', from: [...APP_DIRS.filter((dir) => dir !== 'shared').map((dir) => `./${dir}`), ...TOOLS] },
  ...APP_DIRS.filter((dir) => dir !== 'shared').map((dir) => ({ target: `./${dir}/src`, from: TOOLS })),
  { target: './deploy', from: ['./scripts', './e2e', './webpack'] },
  { target: './webpack', from: ['./scripts', './e2e'] },
  ...['./deploy', './webpack'].map((target) => ({ target, from: './host/src', except: ['./hosting.ts', './contract'] })),
].map((zone) => ({
  ...zone,
  message: 'Layers point one way: shared ← apps ← build, serve, publish ← tools and tests (eslint.config.mjs).',
}));

/**
 * Inside deploy/src, folders point one way too (deploy/README.md, "Which folder imports which"): an
 * environment's state at the bottom, the answer and publishing above it, servers and commands on top.
 * A folder imports only the folders of the layers below its own; the test helpers (testing/) only tests.
 */
const DEPLOY_LAYERS = [
  ['builds', 'store'],
  ['environment'],
  ['render'],
  ['answer', 'publish'],
  ['observe'],
  ['rollout'],
  ['servers', 'edge'],
  ['cli'],
];
const deployBoundaries = DEPLOY_LAYERS.flatMap((layer, level) =>
  layer.map((folder) => ({
    target: `./deploy/src/${folder}`,
    from: [
      ...DEPLOY_LAYERS.slice(level)
        .flat()
        .filter((other) => other !== folder),
      'testing',
    ].map((other) => `./deploy/src/${other}`),
    message: `deploy/src/${folder} imports only the folders below it: ${DEPLOY_LAYERS.slice(0, level).flat().join(', ') || 'none'} (eslint.config.mjs, DEPLOY_LAYERS).`,
  })),
);

/**
 * A page's path is written once, in the address module (shared/src/address/): a string or a
 * template anywhere else that starts with one (`'/cart'`, `\`/products/${slug}\``), or a link home
 * written as '/', is refused. Tests, browser tests and fixtures keep literal addresses: they check
 * the real thing. (esquery's regular expressions take no '/': \x2F.)
 */
const PAGE_SEGMENTS = [...new Set(Object.values(PAGE_PATHS).flatMap((path) => path.split('/')[1] || []))];
const PAGE_PATH = `/^\\x2F(${PAGE_SEGMENTS.join('|')})([\\x2F?#]|$)/`;
const PAGE_PATH_MESSAGE = "A page's path comes from @maison/shared's address module: hrefs.<page>(…) for a link, PAGE_PATHS for a route.";
const pagePathsWrittenOnce = [
  'error',
  ...[
    `Literal[value=${PAGE_PATH}]`,
    `TemplateElement[value.raw=${PAGE_PATH}]`,
    "JSXAttribute[name.name=/^(to|href)$/] > Literal[value='/']",
    "CallExpression[callee.name='navigate'] > Literal[value='/']",
  ].map((selector) => ({ selector, message: PAGE_PATH_MESSAGE })),
];

export default config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.bench/**',
      '.e2e-*/**',
      'host/dist-server/**',
      'deploy/dist-edge/**',
      'deploy/local/generations/**',
      'deploy/local/current/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tsConfigs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Cycles among our own modules; a package's insides are not ours to untangle (and parsing
      // them was two thirds of the lint's time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // TypeScript checks these (npm run typecheck), as typescript-eslint advises.
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...appBoundaries, ...layerBoundaries, ...deployBoundaries] }],
      'no-restricted-syntax': pagePathsWrittenOnce,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@maison/shared/src/*', '**/shared/src/*'],
              message: "Import @maison/shared's public entry points (its package.json exports), not its files.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests sit on top of every layer: they may use the test helpers and the build's own tables.
    files: ['**/*.test.{ts,tsx}', 'test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: appBoundaries }] },
  },
  {
    // The address module writes the paths; tests, browser tests, fixtures and the benchmarks ask for real addresses.
    files: [
      'shared/src/address/**',
      '**/*.test.{ts,tsx}',
      'test/**',
      'e2e/**',
      'deploy/src/testing/**',
      'scripts/bench.mjs',
      'scripts/bench/**',
      'scripts/observe/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The closed facade contract: a value the page does not share is never imported.
    plugins: { maison: { rules: { 'facade-contract': facadeContract.rule } } },
    rules: { 'maison/facade-contract': ['error', { shares: facadeContract.currentContract() }] },
  },
  {
    // The facades wrap the real packages; tests run on them (jest shares nothing).
    files: ['shared/src/facades/**', '**/*.test.{ts,tsx}', 'test/**'],
    rules: { 'maison/facade-contract': 'off' },
  },
  {
    // The renderer (the host's server build) is never in the page: it uses react-router's server
    // side, beside the page's facade, from the one copy its build bundles.
    files: ['host/src/renderer/**'],
    rules: {
      'maison/facade-contract': [
        'error',
        {
          shares: {
            ...facadeContract.currentContract(),
            'react-router': ['createStaticHandler', 'createStaticRouter', 'StaticRouterProvider'],
          },
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['*/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    files: ['*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.jest, ...globals.node } },
  },
  {
    files: ['scripts/**', 'deploy/**', 'webpack/**', '*.{js,cjs,mjs,ts}', '*/webpack.config.ts', 'e2e/**', 'types/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // Code that runs in the page through Playwright's evaluate().
    files: ['e2e/**', 'scripts/bench/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Inside @maison/shared relative imports are its own business.
    files: ['shared/src/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // This file loads the facade contract's rule, which lives beside the facades.
    files: ['eslint.config.mjs'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The benchmark's reference build imports every app's pages directly: that is its purpose.
    files: ['scripts/single-bundle/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
