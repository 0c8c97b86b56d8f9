import { rmSync } from 'node:fs';
import path from 'node:path';
import {
  BUNDLED_VERSION,
  compilerEnvironment,
  installedVersions,
  obtainCompiler,
  releasedVersions,
  type CompilerEnvironment,
} from '../../../src/compile/compiler/index.js';
import { ConfigurationError } from '../../../src/errors.js';
import { CLOSED_PORT_URL, SEEDED_SOLC_VERSION } from '../../setupEnv.js';
import { closedPortUrl, startReleaseServer, type ReleaseServer } from './releaseServer.js';
import { COUNTER_INPUT, counterBytecode, nativeSolcScript, SOLC_0817, tempDir, writeExecutable } from './solcFixtures.js';

describe('obtainCompiler without the network', () => {
  let server: ReleaseServer;
  let home: string;

  beforeEach(async () => {
    server = await startReleaseServer();
    home = tempDir('home');
  });
  afterEach(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });

  // Mirror and registry answer (404 to everything) and log: a source that should not ask, asks no one.
  function environment(extra: NodeJS.ProcessEnv = {}): CompilerEnvironment {
    const env = { HOME: home, LOOKOUT_SOLC_MIRROR: server.url, LOOKOUT_NPM_REGISTRY: server.url, ...extra };
    return compilerEnvironment(env, { platform: 'linux', arch: 'x64', fetch });
  }

  it.each([
    ['~/.svm', {}, '.svm'],
    ['$XDG_DATA_HOME/svm', { XDG_DATA_HOME: 'HOME/data' }, 'data/svm'],
    ['~/.local/share/svm', {}, '.local/share/svm'],
    ['$SVM_HOME', { SVM_HOME: 'HOME/relocated' }, 'relocated'],
  ])("runs svm's native binary from %s without a request", async (_where, variables, folder) => {
    const extra = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, v.replace('HOME', home)]));
    writeExecutable(path.join(home, folder, '0.8.17', 'solc-0.8.17'), nativeSolcScript());
    const compiler = await obtainCompiler('0.8.17', environment(extra));
    expect(compiler).toMatchObject({ version: '0.8.17', source: 'svm', longVersion: '0.8.17+commit.8df45f5f.Linux.g++' });
    expect(counterBytecode(await compiler.compile(COUNTER_INPUT))).toMatch(/^6080/);
    expect(server.requests).toEqual([]);
    expect(await installedVersions(environment(extra))).toEqual(['0.8.17', BUNDLED_VERSION]);
  });

  it('passes over an svm binary that does not run, and names it when a native binary fails to compile', async () => {
    const broken = path.join(home, '.svm', '0.8.17', 'solc-0.8.17');
    writeExecutable(broken, '#!/bin/sh\necho "cannot execute binary file: Exec format error" >&2\nexit 126\n');
    const error = await obtainCompiler('0.8.17', environment()).catch((e: unknown) => e);
    expect((error as Error).message).toContain(`svm: The solc binary ${broken} (${broken} --version) does not say its version`);

    const crashing = path.join(home, 'crashing', '0.8.17', 'solc-0.8.17');
    writeExecutable(
      crashing,
      '#!/bin/sh\nif [ "$1" = --version ]; then echo "Version: 0.8.17+commit.8df45f5f.Linux.g++"; exit 0; fi\necho "Segmentation fault" >&2\nexit 139\n',
    );
    const compiler = await obtainCompiler('0.8.17', environment({ SVM_HOME: path.join(home, 'crashing') }));
    const failure = await compiler.compile(COUNTER_INPUT).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ConfigurationError);
    expect((failure as Error).message).toContain(`The solc binary ${crashing} (${crashing} --standard-json) exited with status 139:\nSegmentation fault`);
  });

  it('refuses a binary that is another version than its folder says', async () => {
    writeExecutable(path.join(home, '.svm', '0.8.20', 'solc-0.8.20'), nativeSolcScript());
    const error = await obtainCompiler('0.8.20', environment()).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/svm: The solc binary \S+ is 0\.8\.17\+commit\.8df45f5f\.Linux\.g\+\+, not 0\.8\.20/);
  });

  it('uses the bundled solc-js for its own version without fetching a soljson', async () => {
    const compiler = await obtainCompiler(BUNDLED_VERSION, environment({ XDG_CACHE_HOME: path.join(home, 'cache') }));
    expect(compiler.source).toBe('bundled');
    expect(compiler.longVersion.startsWith(`${BUNDLED_VERSION}+commit.`)).toBe(true);
    // Only the native list is asked: a native build is faster than the bundled soljson.
    expect(server.requests).toEqual(['/linux-amd64/list.json']);
  });

  it('names the version and every way to provide it when offline', async () => {
    const closed = await closedPortUrl();
    const env = environment({ LOOKOUT_SOLC_MIRROR: closed, LOOKOUT_NPM_REGISTRY: closed, XDG_CACHE_HOME: path.join(home, 'cache') });
    const error = await obtainCompiler('0.8.17', env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    const message = (error as Error).message;
    expect(message).toContain('solc 0.8.17 is not installed and could not be obtained');
    expect(message).toContain(`svm: no executable solc-0.8.17 in ${path.join(home, '.svm')}`);
    const refused = `connect ECONNREFUSED ${closed.slice('http://'.length)}`;
    expect(message).toContain(`download: ${closed}/linux-amd64/list.json: ${refused}; ${closed}/wasm/list.json: ${refused}`);
    expect(message).toContain(`npm: ${closed}/solc/0.8.17: ${refused}`);
    expect(message).toContain(`\`svm install 0.8.17\`, \`forge build\`, or foundry-toolchain`);
    expect(message).toContain(`a native binary at ${path.join(home, 'cache', 'lookout', 'solc', '0.8.17', 'solc-0.8.17')}`);
    expect(message).toContain('set LOOKOUT_SOLC_MIRROR to a reachable mirror');
    expect(message).toContain('make the npm registry reachable, or set LOOKOUT_NPM_REGISTRY');
    expect(await releasedVersions(env)).toEqual({
      unreachable: [`${closed}/linux-amd64/list.json: ${refused}`, `${closed}/wasm/list.json: ${refused}`, `${closed}/solc: ${refused}`],
    });
  });

  it('refuses a version that is not one exact release', async () => {
    await expect(obtainCompiler('^0.8.0', environment())).rejects.toThrow('"^0.8.0" is not an exact solc release');
    await expect(obtainCompiler('../../0.8.17', environment())).rejects.toThrow(ConfigurationError);
  });
});

describe('compilerEnvironment', () => {
  const host = { platform: 'linux' as const, arch: 'x64', fetch };

  it('uses the tool cache on Actions, else XDG_CACHE_HOME, else ~/.cache', () => {
    expect(compilerEnvironment({ HOME: '/h', RUNNER_TOOL_CACHE: '/rtc', XDG_CACHE_HOME: '/x' }, host).cacheDir).toBe('/rtc/lookout-solc');
    expect(compilerEnvironment({ HOME: '/h', XDG_CACHE_HOME: '/x' }, host).cacheDir).toBe('/x/lookout');
    expect(compilerEnvironment({ HOME: '/h' }, host).cacheDir).toBe('/h/.cache/lookout');
  });

  it('looks where svm-rs installs on each platform, or only in SVM_HOME', () => {
    expect(compilerEnvironment({ HOME: '/h' }, host).svmDirs).toEqual(['/h/.svm', '/h/.local/share/svm']);
    expect(compilerEnvironment({ HOME: '/h' }, { ...host, platform: 'darwin' }).svmDirs).toEqual(['/h/.svm', '/h/Library/Application Support/svm']);
    expect(compilerEnvironment({ HOME: '/h', SVM_HOME: '/s' }, host).svmDirs).toEqual(['/s']);
  });

  it('picks the native list Apple silicon can run from 0.8.24 on, and none where none exists', () => {
    expect(compilerEnvironment({}, host).native).toEqual({ platform: 'linux-amd64' });
    expect(compilerEnvironment({}, { ...host, platform: 'darwin', arch: 'arm64' }).native).toEqual({ platform: 'macosx-amd64', sinceVersion: '0.8.24' });
    expect(compilerEnvironment({}, { ...host, arch: 'arm64' }).native).toBeUndefined();
  });

  it('defaults to the official mirror and npm registry and rejects a mirror that is not a URL', () => {
    const env = compilerEnvironment({}, host);
    expect([env.mirror, env.npmRegistry]).toEqual(['https://binaries.soliditylang.org', 'https://registry.npmjs.org']);
    expect(() => compilerEnvironment({ LOOKOUT_SOLC_MIRROR: 'binaries.local' }, host)).toThrow(ConfigurationError);
    expect(() => compilerEnvironment({ LOOKOUT_NPM_REGISTRY: 'ftp://registry.local' }, host)).toThrow('must be an http:// or https:// URL');
  });
});

describe('the test setup (__tests__/setupEnv.ts)', () => {
  it('keeps every test off the internet and compiles 0.8.17 from the seeded cache', async () => {
    const env = compilerEnvironment(process.env);
    expect([env.mirror, env.npmRegistry]).toEqual([CLOSED_PORT_URL, CLOSED_PORT_URL]);
    expect(env.svmDirs).toEqual([process.env.SVM_HOME]);
    expect(await installedVersions(env)).toEqual([SEEDED_SOLC_VERSION, BUNDLED_VERSION]);
    const compiler = await obtainCompiler(SOLC_0817.version, env);
    expect(compiler.source).toBe('cache');
    expect(counterBytecode(await compiler.compile(COUNTER_INPUT))).toMatch(/^6080/);
  });
});
