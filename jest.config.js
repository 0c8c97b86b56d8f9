// ESM throughout: @noble/hashes v2 is ESM-only and @ethereumjs v10 ship `exports` maps.
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  // No test reaches the internet for a compiler; see the file.
  setupFiles: ['<rootDir>/__tests__/setupEnv.ts'],
  globalSetup: '<rootDir>/__tests__/globalSetup.ts',
  globalTeardown: '<rootDir>/__tests__/globalTeardown.ts',
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true }],
  },
  testTimeout: 120000,
  // Jest's default (cores − 1) runs one worker on a 2-core machine; the suites are CPU-bound campaigns
  // and the parent process idles, so a worker per core finishes sooner.
  maxWorkers: '100%',
};
