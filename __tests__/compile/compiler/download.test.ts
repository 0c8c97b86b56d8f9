import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compilerEnvironment, IntegrityError, obtainCompiler, releasedVersions, type CompilerEnvironment } from '../../../src/compile/compiler/index.js';
import { ConfigurationError } from '../../../src/errors.js';
import { CLOSED_PORT_URL } from '../../setupEnv.js';
import { releaseListJson, sha256Hex, startReleaseServer, type ReleaseServer } from './releaseServer.js';
import { COUNTER_INPUT, counterBytecode, nativeSolcScript, SOLC_0817, soljsonBytes, tempDir } from './solcFixtures.js';

const SOLJSON_FILE = `soljson-v${SOLC_0817.longVersion}.js`;
const NATIVE_FILE = `solc-linux-amd64-v${SOLC_0817.longVersion}`;

describe('obtainCompiler downloading from the release list', () => {
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

  // A Linux x64 machine, so the native list is tried first; everything else lives in `home`.
  function environment(platform: NodeJS.Platform = 'linux', arch = 'x64'): CompilerEnvironment {
    const env = { HOME: home, XDG_CACHE_HOME: path.join(home, 'cache'), LOOKOUT_SOLC_MIRROR: server.url, LOOKOUT_NPM_REGISTRY: CLOSED_PORT_URL };
    return compilerEnvironment(env, { platform, arch, fetch });
  }
  const cacheFolder = () => path.join(home, 'cache', 'lookout', 'solc', SOLC_0817.version);
  const cachedFiles = () => (existsSync(cacheFolder()) ? readdirSync(cacheFolder()) : []);

  function serveSoljson(bytes: Uint8Array, listedSha256 = sha256Hex(bytes)): void {
    server.routes.set('/wasm/list.json', { body: releaseListJson(SOLC_0817.version, SOLC_0817.longVersion, SOLJSON_FILE, listedSha256) });
    server.routes.set(`/wasm/${SOLJSON_FILE}`, { body: bytes });
  }

  it('downloads soljson when the native list lacks the version, checks it, caches it, and compiles', async () => {
    serveSoljson(soljsonBytes());
    const compiler = await obtainCompiler(SOLC_0817.version, environment());
    expect(compiler).toMatchObject({ version: '0.8.17', source: 'download' });
    expect(compiler.longVersion).toMatch(/^0\.8\.17\+commit\.8df45f5f/);
    expect(counterBytecode(await compiler.compile(COUNTER_INPUT))).toMatch(/^6080/);
    expect(server.requests).toEqual(['/linux-amd64/list.json', '/wasm/list.json', `/wasm/${SOLJSON_FILE}`]);
    expect(cachedFiles()).toEqual(['soljson-0.8.17.cjs']);
    expect(readFileSync(path.join(cacheFolder(), 'soljson-0.8.17.cjs')).equals(soljsonBytes())).toBe(true);

    server.requests.length = 0;
    const again = await obtainCompiler(SOLC_0817.version, environment());
    expect(again.source).toBe('cache');
    expect(server.requests).toEqual([]);
  });

  it('rejects a download whose sha256 differs from the list and caches nothing', async () => {
    serveSoljson(soljsonBytes(), sha256Hex(Buffer.from('another file')));
    const error = await obtainCompiler(SOLC_0817.version, environment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrityError);
    expect((error as Error).message).toContain(`Rejected ${server.url}/wasm/${SOLJSON_FILE} (solc 0.8.17): its sha256 is ${sha256Hex(soljsonBytes())}`);
    expect((error as Error).message).toContain('Nothing was cached');
    expect(cachedFiles()).toEqual([]);
  });

  it('prefers the native binary where the platform list has it, and caches it executable', async () => {
    const binary = Buffer.from(nativeSolcScript());
    serveSoljson(soljsonBytes());
    server.routes.set('/linux-amd64/list.json', { body: releaseListJson(SOLC_0817.version, SOLC_0817.longVersion, NATIVE_FILE, sha256Hex(binary)) });
    server.routes.set(`/linux-amd64/${NATIVE_FILE}`, { body: binary });

    const compiler = await obtainCompiler(SOLC_0817.version, environment());
    expect(compiler).toMatchObject({ version: '0.8.17', source: 'download', longVersion: '0.8.17+commit.8df45f5f.Linux.g++' });
    expect(counterBytecode(await compiler.compile(COUNTER_INPUT))).toMatch(/^6080/);
    expect(server.requests).toEqual(['/linux-amd64/list.json', `/linux-amd64/${NATIVE_FILE}`]);
    expect(cachedFiles()).toEqual(['solc-0.8.17']);
    expect(statSync(path.join(cacheFolder(), 'solc-0.8.17')).mode & 0o111).toBe(0o111);
  });

  it.each([
    ['Windows', 'win32', 'x64'],
    ['Apple silicon, for releases before universal macOS builds', 'darwin', 'arm64'],
  ] as const)('downloads soljson only on %s', async (_machine, platform, arch) => {
    serveSoljson(soljsonBytes());
    const compiler = await obtainCompiler(SOLC_0817.version, environment(platform, arch));
    expect(compiler.source).toBe('download');
    expect(server.requests).toEqual(['/wasm/list.json', `/wasm/${SOLJSON_FILE}`]);
  });

  it('gives up on a mirror that stalls mid-download, and caches nothing', async () => {
    serveSoljson(soljsonBytes());
    server.routes.set(`/wasm/${SOLJSON_FILE}`, { body: soljsonBytes(), stall: true });
    const error = await obtainCompiler(SOLC_0817.version, { ...environment(), timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain(`download: ${server.url}/linux-amd64/list.json: HTTP 404; ${server.url}/wasm/${SOLJSON_FILE}: timed out`);
    expect(cachedFiles()).toEqual([]);
  });

  it("says so when Lookout's cache cannot be written", async () => {
    serveSoljson(soljsonBytes());
    writeFileSync(path.join(home, 'cache'), 'a file where the cache folder should be');
    await expect(obtainCompiler(SOLC_0817.version, environment())).rejects.toThrow(
      `Cannot write solc 0.8.17 into Lookout's cache ${path.join(home, 'cache', 'lookout')}`,
    );
  });

  it('lists released versions from the mirror, leaving nightlies out', async () => {
    serveSoljson(soljsonBytes());
    expect(await releasedVersions(environment())).toEqual({ versions: ['0.8.17'] });
  });
});
