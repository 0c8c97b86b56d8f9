import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { compilerEnvironment, IntegrityError, obtainCompiler, releasedVersions, type CompilerEnvironment } from '../../../src/compile/compiler/index.js';
import { CLOSED_PORT_URL } from '../../setupEnv.js';
import { startReleaseServer, type ReleaseServer } from './releaseServer.js';
import { COUNTER_INPUT, counterBytecode, packSolcTarball, SOLC_0817, soljsonBytes, tempDir } from './solcFixtures.js';

const TARBALL_PATH = '/solc/-/solc-0.8.17.tgz';

describe('obtainCompiler from the npm registry', () => {
  let registry: ReleaseServer;
  let home: string;
  let tarball: Uint8Array;

  beforeAll(async () => {
    tarball = await packSolcTarball();
  });
  beforeEach(async () => {
    registry = await startReleaseServer();
    home = tempDir('home');
  });
  afterEach(async () => {
    await registry.close();
    rmSync(home, { recursive: true, force: true });
  });

  // The mirror is offline: only the registry can provide the compiler.
  function environment(variable: 'LOOKOUT_NPM_REGISTRY' | 'npm_config_registry' = 'LOOKOUT_NPM_REGISTRY'): CompilerEnvironment {
    const env = { HOME: home, XDG_CACHE_HOME: path.join(home, 'cache'), LOOKOUT_SOLC_MIRROR: CLOSED_PORT_URL, [variable]: `${registry.url}/` };
    return compilerEnvironment(env, { platform: 'linux', arch: 'x64', fetch });
  }
  const cacheFolder = () => path.join(home, 'cache', 'lookout', 'solc', SOLC_0817.version);
  const cachedFiles = () => (existsSync(cacheFolder()) ? readdirSync(cacheFolder()) : []);

  function serveManifest(integrity: string | undefined, shasum = createHash('sha1').update(tarball).digest('hex')): void {
    const dist = { tarball: `${registry.url}${TARBALL_PATH}`, integrity, shasum };
    registry.routes.set('/solc/0.8.17', { body: JSON.stringify({ name: 'solc', version: '0.8.17', dist }) });
    registry.routes.set(TARBALL_PATH, { body: tarball });
  }
  const sri = (bytes: Uint8Array) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

  it.each(['LOOKOUT_NPM_REGISTRY', 'npm_config_registry'] as const)(
    'downloads solc@0.8.17 from the registry in %s, checks its integrity, caches its soljson and compiles',
    async (variable) => {
      serveManifest(sri(tarball));
      const compiler = await obtainCompiler(SOLC_0817.version, environment(variable));
      expect(compiler).toMatchObject({ version: '0.8.17', source: 'npm' });
      expect(counterBytecode(await compiler.compile(COUNTER_INPUT))).toMatch(/^6080/);
      expect(registry.requests).toEqual(['/solc/0.8.17', TARBALL_PATH]);
      expect(cachedFiles()).toEqual(['soljson-0.8.17.cjs']);
      expect(readFileSync(path.join(cacheFolder(), 'soljson-0.8.17.cjs')).equals(soljsonBytes())).toBe(true);
    },
  );

  it('rejects a tarball whose integrity differs and caches nothing', async () => {
    serveManifest(sri(Buffer.from('another tarball')));
    const error = await obtainCompiler(SOLC_0817.version, environment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrityError);
    expect((error as Error).message).toContain(`Rejected ${registry.url}${TARBALL_PATH} (solc 0.8.17): its sha512 is ${sri(tarball).slice(7)}`);
    expect(cachedFiles()).toEqual([]);
  });

  it('checks the sha1 shasum of versions published before npm had integrity', async () => {
    serveManifest(undefined);
    expect((await obtainCompiler(SOLC_0817.version, environment())).source).toBe('npm');

    rmSync(cacheFolder(), { recursive: true });
    serveManifest(undefined, createHash('sha1').update('another tarball').digest('hex'));
    await expect(obtainCompiler(SOLC_0817.version, environment())).rejects.toThrow(/its sha1 is \S+, the registry says/);
    expect(cachedFiles()).toEqual([]);
  });

  it('lists released versions from the registry when the mirror is offline', async () => {
    const versions = { '0.4.26': {}, '0.8.17': {}, '0.5.0-nightly.2018.10.1': {}, '0.7.6': {} };
    registry.routes.set('/solc', { body: JSON.stringify({ name: 'solc', versions }) });
    expect(await releasedVersions(environment())).toEqual({ versions: ['0.4.26', '0.7.6', '0.8.17'] });
  });
});
