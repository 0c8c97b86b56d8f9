import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuildError, ConfigurationError } from '../../src/errors.js';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { BUNDLED_VERSION } from '../../src/compile/compiler/index.js';
import { SEEDED_SOLC_VERSION } from '../setupEnv.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../__fixtures__');
const importsRoot = path.join(fixtures, 'projects/imports');
const brokenRoot = path.join(fixtures, 'projects/broken');

async function buildError(paths: string[]): Promise<BuildError> {
  const error = await compileProject({ root: brokenRoot, paths }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BuildError);
  return error as BuildError;
}

describe('compileProject on a project with every kind of import', () => {
  let project: CompiledProject;
  beforeAll(async () => {
    project = await compileProject({ root: importsRoot, paths: ['src'] });
  });

  const contract = (name: string) => {
    const found = project.contracts.find((c) => c.name === name);
    if (!found) throw new Error(`no contract ${name}`);
    return found;
  };

  it.each([
    ['relative', 'src/Base.sol'],
    ['remappings.txt', 'vendor/remapped/MathLib.sol'],
    ['node_modules', 'node_modules/@acme/tokens/IToken.sol'],
    ['lib/<name>/src', 'lib/forge-std/src/Test.sol'],
    ['relative inside lib/', 'lib/forge-std/src/Vm.sol'],
  ])('resolves a %s import to the unit name %s', (_kind, unit) => {
    expect(project.sources.map((s) => s.path)).toContain(unit);
  });

  it('indexes sources by solc source id, with their content', () => {
    project.sources.forEach((source, index) => expect(source.id).toBe(index));
    const main = project.sources.find((s) => s.path === 'src/Main.sol');
    expect(main?.content).toContain('contract Main is Base, Test');
    expect(Object.keys(project.asts).sort()).toEqual(project.sources.map((s) => s.path).sort());
  });

  it.each([
    ['Main', 'contract'],
    ['Base', 'abstract'],
    ['Test', 'abstract'],
    ['IToken', 'interface'],
    ['Vm', 'interface'],
    ['MathLib', 'library'],
  ] as const)('classifies %s as %s', (name, kind) => {
    expect(contract(name).kind).toBe(kind);
  });

  it('fills the artifacts of a deployable contract', () => {
    const main = contract('Main');
    expect(main.file).toBe('src/Main.sol');
    expect(main.bases).toEqual(['Test', 'Base']);
    expect(main.creation.bytecode.length).toBeGreaterThan(main.deployed.bytecode.length);
    expect(main.deployed.bytecode.length).toBeGreaterThan(0);
    expect(main.deployed.sourceMap).toMatch(/^\d+:\d+:\d+/);
    expect(main.abi.some((item) => item.type === 'function' && item.name === 'add')).toBe(true);
    expect(main.storageLayout).toEqual([
      { label: 'total', slot: 0n, offset: 0, type: 'uint256' },
      { label: 'token', slot: 1n, offset: 0, type: 'contract IToken' },
    ]);
    expect(main.deployed.generatedSources.length).toBeGreaterThan(0);
    expect(project.compilers.map((c) => c.version)).toEqual([expect.stringMatching(/^0\.8\.\d+$/)]);
  });

  it('gives interfaces and abstract contracts empty bytecode', () => {
    expect(contract('IToken').creation.bytecode.length).toBe(0);
    expect(contract('Base').deployed.bytecode.length).toBe(0);
  });
});

describe('compileProject on a contract that needs a library linked', () => {
  let project: CompiledProject;
  beforeAll(async () => {
    project = await compileProject({ root: path.join(fixtures, 'projects/linking'), paths: ['.'] });
  });

  it('zeroes each link placeholder and keeps where it was', () => {
    const linked = project.contracts.find((c) => c.name === 'Linked');
    for (const code of [linked?.creation, linked?.deployed]) {
      expect(code?.linkReferences).toEqual([{ file: 'Linked.sol', library: 'Fees', offsets: [expect.any(Number)] }]);
      const offset = code?.linkReferences[0].offsets[0] ?? -1;
      expect([...(code?.bytecode.subarray(offset, offset + 20) ?? [])]).toEqual(new Array(20).fill(0));
      // PUSH20 precedes the placeholder.
      expect(code?.bytecode[offset - 1]).toBe(0x73);
    }
  });

  it('reports where the deployed code holds immutables', () => {
    const linked = project.contracts.find((c) => c.name === 'Linked');
    const references = Object.values(linked?.deployed.immutableReferences ?? {});
    expect(references).toEqual([[expect.objectContaining({ length: 32 })]]);
    expect(linked?.creation.immutableReferences).toEqual({});
  });
});

describe('compileProject on code that does not build', () => {
  it('reports a syntax error as file:line:column with its type', async () => {
    const error = await buildError(['syntax']);
    expect(error.message).toContain('syntax/Syntax.sol:10:5: ParserError:');
    expect(error.diagnostics).toEqual([expect.objectContaining({ file: 'syntax/Syntax.sol', line: 10, column: 5 })]);
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it('builds the files that do not reach the broken one, and reports its error once', async () => {
    const project = await compileProject({ root: brokenRoot, paths: ['partial'] });
    expect(project.contracts.map((c) => c.name)).toEqual(['Fine']);
    expect(project.sources.map((s) => s.path)).toEqual(['partial/Fine.sol']);
    expect(project.errors).toEqual([expect.objectContaining({ file: 'partial/Broken.sol', line: 6, message: expect.stringMatching(/^TypeError: /) })]);
    expect(project.compilers).toEqual([expect.objectContaining({ files: ['partial/Fine.sol'] })]);
  });

  it('reports a type error as file:line:column with its type', async () => {
    const error = await buildError(['types/Types.sol']);
    expect(error.message).toMatch(/types\/Types\.sol:9:17: TypeError: .*string/);
  });

  it('names the importing file, the import and what was tried for each missing import', async () => {
    const error = await buildError(['missing']);
    expect(error.message).toContain('missing/Missing.sol:4:1: ImportError: cannot find import "./Gone.sol" (tried missing/Gone.sol)');
    expect(error.message).toContain(
      'missing/Missing.sol:5:1: ImportError: cannot find import "@nowhere/pkg/Thing.sol" (tried @nowhere/pkg/Thing.sol, node_modules/@nowhere/pkg/Thing.sol, lib/@nowhere/src/pkg/Thing.sol, lib/@nowhere/pkg/Thing.sol)',
    );
  });

  it('lets request.remappings override remappings.txt', async () => {
    const error = await compileProject({ root: importsRoot, paths: ['src/Main.sol'], remappings: ['@remapped/=elsewhere/'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as Error).message).toContain('src/Main.sol:6:1: ImportError: cannot find import "@remapped/MathLib.sol" (tried elsewhere/MathLib.sol,');
  });

  it('is a ConfigurationError with a way out when there is no Solidity', async () => {
    const error = await compileProject({ root: importsRoot, paths: ['vendor/none'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('does not exist');
    const emptyRoot = mkdtempSync(path.join(tmpdir(), 'lookout-empty-'));
    const empty = await compileProject({ root: emptyRoot, paths: ['.'] }).catch((e: unknown) => e);
    rmSync(emptyRoot, { recursive: true });
    expect(empty).toBeInstanceOf(ConfigurationError);
    expect((empty as Error).message).toMatch(/No Solidity files found .*Pass \.sol files or directories/);
  });
});

describe('compileProject offline, a pragma no installed compiler satisfies', () => {
  // Issue 28, item 8: the error did not say the release list was unreachable nor how to provide a compiler.
  it('says the release list and the npm registry were unreachable, and lists the ways to provide a compiler', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lookout-offline-'));
    try {
      writeFileSync(path.join(root, 'A.sol'), 'pragma solidity 0.8.20;\ncontract A {}\n');
      const error = await compileProject({ root, paths: ['A.sol'] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BuildError);
      const { diagnostics, message } = error as BuildError;
      expect(diagnostics[0]).toMatchObject({
        file: 'A.sol',
        message: expect.stringContaining('A.sol has pragma solidity 0.8.20, which no solc version satisfies'),
      });
      const mirror = process.env.LOOKOUT_SOLC_MIRROR!;
      for (const line of [
        `The solc release list and the npm registry could not be reached, so only the installed compilers (${SEEDED_SOLC_VERSION}, ${BUNDLED_VERSION}) were considered:`,
        `  - ${mirror}/wasm/list.json: bad port`,
        `  - ${process.env.LOOKOUT_NPM_REGISTRY}/solc: bad port`,
        'Provide a version the pragmas accept in any of these ways:',
        `  - install it into svm's folder (${process.env.SVM_HOME}): \`svm install <version>\`, \`forge build\`, or foundry-toolchain;`,
        `  - set LOOKOUT_SOLC_MIRROR to a reachable mirror of binaries.soliditylang.org (now ${mirror});`,
        `  - make the npm registry reachable, or set LOOKOUT_NPM_REGISTRY to one that is (now ${process.env.LOOKOUT_NPM_REGISTRY}).`,
      ]) {
        expect(message.split('\n')).toContain(line);
      }
      expect(message).toContain(`a soljson at ${path.join(process.env.XDG_CACHE_HOME!, 'lookout', 'solc', '<version>', 'soljson-<version>.cjs')}`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
