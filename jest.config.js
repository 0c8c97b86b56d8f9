import { availableParallelism } from 'node:os';

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
  // Jest's default (cores − 1) runs one worker on a 2-core machine. The suites are CPU-bound campaigns
  // but each also waits on child processes (git, forge, the solc stand-in) and worker threads: half a
  // worker more per core keeps the cores busy (2 cores: 649 s with 2 workers, 619 s with 3). A count,
  // not '150%': Jest reads a percentage above 100 as that many workers.
  maxWorkers: Math.max(1, Math.floor(availableParallelism() * 1.5)),
};
