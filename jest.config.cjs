/** Unit tests: pure domain rules and React hooks, transformed by SWC (no type-check; `npm run typecheck` does that). */
const apps = require('./apps.json');

module.exports = {
  testEnvironment: 'node',
  // One worker per core: Jest's default leaves one core to its main thread, which here only waits.
  maxWorkers: '100%',
  // A bound on hangs, not a measure of speed: tests that start worker threads or publish outlast 5 s on a loaded 2-core machine.
  testTimeout: 20_000,
  roots: ['<rootDir>/shared', '<rootDir>/test', '<rootDir>/deploy', '<rootDir>/scripts', ...apps.map(({ dir }) => `<rootDir>/${dir}`)],
  // What the host's webpack config defines at build time (host/src/federation/buildInfo.ts).
  globals: {
    MAISON_BUILD: {
      version: '0.0.0+test',
      sharedContract: require('./shared/package.json').version,
      remoteNames: apps.filter(({ name }) => name !== 'host').map(({ name }) => name),
      remoteDefaults: {},
    },
  },
  setupFiles: ['<rootDir>/test/jest.setup.cjs'],
  testMatch: ['**/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts', '<rootDir>/deploy/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
  moduleFileExtensions: ['ts', 'tsx', 'mts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.m?(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  // Packages published as ES modules only, compiled like the repository's own code.
  transformIgnorePatterns: ['/node_modules/(?!(p-limit|yocto-queue)/)'],
  moduleNameMapper: {
    '^@test/(.*)$': '<rootDir>/test/$1',
    '\\.(css)$': '<rootDir>/test/mocks/style-mock.cjs',
    '\\.(svg|png|webp)$': '<rootDir>/test/mocks/file-mock.cjs',
  },
};
