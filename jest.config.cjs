/** Unit tests: pure domain rules and React hooks, transformed by SWC (no type-check; `npm run typecheck` does that). */
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/shared',
    '<rootDir>/host',
    '<rootDir>/remote-catalog',
    '<rootDir>/remote-cart',
    '<rootDir>/remote-account',
    '<rootDir>/scripts',
  ],
  // What the host's webpack config defines at build time (host/src/federation/buildInfo.ts).
  globals: {
    MAISON_BUILD: { version: '0.0.0+test', sharedContract: '0.1.0', remoteNames: ['catalog', 'cart', 'account'], remoteDefaults: {} },
  },
  setupFiles: ['<rootDir>/test/jest.setup.cjs'],
  testMatch: ['**/src/**/*.test.ts?(x)', '<rootDir>/scripts/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  moduleNameMapper: {
    '^@test/(.*)$': '<rootDir>/test/$1',
    '\\.(css)$': '<rootDir>/types/style-mock.cjs',
    '\\.(svg|png|webp)$': '<rootDir>/types/file-mock.cjs',
  },
};
