/**
 * Issue 32, item 1: the Action keeps the corpus folder in the Actions cache. The real @actions/cache
 * (tar, zstd, its HTTP client) against a fake of the cache service's REST API on loopback.
 */
import * as actionsCache from '@actions/cache';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ActionsCorpusCache } from '../../src/github/index.js';
import { memoryLogger } from '../../src/logger.js';
import { startFakeCacheService, type FakeCacheService } from '../helpers/fakeCacheService.js';

const CACHE_ENV = [
  'ACTIONS_CACHE_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_SERVICE_V2',
  'ACTIONS_RUNTIME_TOKEN',
  'RUNNER_TEMP',
  'GITHUB_WORKSPACE',
  'GITHUB_SERVER_URL',
];
const PREFIX = 'lookout-corpus-acme/vault-main-';
let service: FakeCacheService;
let temp: string;
let saved: Record<string, string | undefined>;

beforeEach(async () => {
  saved = Object.fromEntries(CACHE_ENV.map((name) => [name, process.env[name]]));
  for (const name of CACHE_ENV) delete process.env[name];
  service = await startFakeCacheService();
  temp = mkdtempSync(path.join(tmpdir(), 'lookout-cache-'));
  mkdirSync(path.join(temp, 'workspace'));
  Object.assign(process.env, {
    ACTIONS_CACHE_URL: service.url,
    ACTIONS_RUNTIME_TOKEN: 'runtime-token',
    RUNNER_TEMP: temp,
    GITHUB_WORKSPACE: path.join(temp, 'workspace'),
  });
});
afterEach(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await service.close();
  rmSync(temp, { recursive: true, force: true });
});

/** One job: a fresh cache client over the runner's corpus folder (the same path every job, as RUNNER_TEMP is). */
function job() {
  const logger = memoryLogger();
  const dir = path.join(temp, 'lookout-corpus');
  return { logger, dir, cache: new ActionsCorpusCache({ repository: 'acme/vault', baseBranch: 'main', dir }, logger, actionsCache) };
}

const CORPUS_FILE = 'src/Vault.sol/Vault.json';
function writeCorpus(dir: string, text: string) {
  mkdirSync(path.join(dir, 'src/Vault.sol'), { recursive: true });
  writeFileSync(path.join(dir, CORPUS_FILE), text);
}

describe('the corpus in the Actions cache', () => {
  it('starts cold on an empty cache, saves under the build key, and the next job restores that folder', async () => {
    const first = job();
    expect(await first.cache.restore('aaaa')).toEqual({ key: `${PREFIX}aaaa`, restoredKey: null });
    writeCorpus(first.dir, '{"version":1}\n');
    await first.cache.save();
    expect([...service.entries.keys()]).toEqual([`${PREFIX}aaaa`]);

    rmSync(first.dir, { recursive: true }); // a new job: the runner's temporary folder starts empty
    const second = job();
    expect(await second.cache.restore('aaaa')).toEqual({ key: `${PREFIX}aaaa`, restoredKey: `${PREFIX}aaaa` });
    expect(readFileSync(path.join(second.dir, CORPUS_FILE), 'utf8')).toBe('{"version":1}\n');
  });

  it("falls back to the base branch's latest entry for another build, and saves this build's apart", async () => {
    for (const fingerprint of ['aaaa', 'bbbb']) {
      const { cache, dir } = job();
      await cache.restore(fingerprint);
      writeCorpus(dir, `{"build":"${fingerprint}"}\n`);
      await cache.save();
    }
    const { cache, dir } = job();
    expect(await cache.restore('cccc')).toEqual({ key: `${PREFIX}cccc`, restoredKey: `${PREFIX}bbbb` });
    expect(readFileSync(path.join(dir, CORPUS_FILE), 'utf8')).toBe('{"build":"bbbb"}\n');
    // This build's own entry wins over the latest.
    expect((await job().cache.restore('aaaa')).restoredKey).toBe(`${PREFIX}aaaa`);
  });

  it('keeps an entry already saved under the key (entries are immutable): no error, the first one stays', async () => {
    for (const text of ['first\n', 'second\n']) {
      const { cache, dir, logger } = job();
      await cache.restore('aaaa');
      writeCorpus(dir, text);
      await expect(cache.save()).resolves.toBeUndefined();
      if (text === 'second\n') expect(logger.lines.join('\n')).toMatch(/not saved as lookout-corpus-acme\/vault-main-aaaa: the entry is kept as it is/);
    }
    const { cache, dir } = job();
    await cache.restore('aaaa');
    expect(readFileSync(path.join(dir, CORPUS_FILE), 'utf8')).toBe('first\n');
  });

  it('without a cache service: a warning, a cold start, nothing saved and no request made', async () => {
    delete process.env.ACTIONS_CACHE_URL;
    const { cache, dir, logger } = job();
    // Runs sharing the machine's temp folder (no runner, no RUNNER_TEMP) each get a folder of their own.
    writeCorpus(dir, 'another run\n');
    expect(cache.dir).not.toBe(dir);
    const state = await cache.restore('aaaa');
    expect(state).toEqual({ key: null, restoredKey: null, unavailable: expect.stringMatching(/no ACTIONS_CACHE_URL or ACTIONS_RESULTS_URL/) });
    expect(logger.lines).toContainEqual(expect.stringMatching(/^warning: Corpus: .*the run starts cold and its corpus is not kept/));
    writeCorpus(cache.dir, 'kept\n');
    await cache.save();
    expect(service.requests).toEqual([]);
    // That folder goes with the run; the other run's is left alone.
    expect(existsSync(cache.dir)).toBe(false);
    expect(readFileSync(path.join(dir, CORPUS_FILE), 'utf8')).toBe('another run\n');
  });

  it('a cache service that fails is no failure: the run starts cold, and saving gives up', async () => {
    service.failWith = 400;
    const { cache, dir } = job();
    expect(await cache.restore('aaaa')).toMatchObject({ restoredKey: null });
    writeCorpus(dir, 'kept\n');
    await expect(cache.save()).resolves.toBeUndefined();
    expect(service.entries.size).toBe(0);
    expect(service.requests.length).toBeGreaterThan(0);
  });

  it('empties a folder left from an earlier job: only what the cache holds is restored', async () => {
    const { cache, dir } = job();
    writeCorpus(dir, 'stale\n');
    await cache.restore('aaaa');
    expect(() => readFileSync(path.join(dir, CORPUS_FILE))).toThrow(/ENOENT/);
  });
});
