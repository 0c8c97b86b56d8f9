import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { exportRevision, type RevisionTree } from '../../src/diff/checkout.js';

const run = promisify(execFile);

async function git(dir: string, ...args: string[]): Promise<string> {
  const identity = ['-c', 'user.name=Test', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', '-c', 'protocol.file.allow=always'];
  return (await run('git', ['-C', dir, ...identity, ...args])).stdout.trim();
}

async function write(dir: string, file: string, content: string): Promise<void> {
  await mkdir(dirname(join(dir, file)), { recursive: true });
  await writeFile(join(dir, file), content);
}

/** A Foundry-shaped repository: lib/ holds a real git submodule beside a tracked vendored library. */
async function foundryRepo(root: string): Promise<string> {
  const dependency = join(root, 'forge-std');
  await mkdir(dependency);
  await git(dependency, 'init', '-q', '-b', 'main');
  await write(dependency, 'src/Test.sol', 'contract Test {}\n');
  await git(dependency, 'add', '-A');
  await git(dependency, 'commit', '-q', '-m', 'forge-std');

  const project = join(root, 'project');
  await mkdir(project);
  await git(project, 'init', '-q', '-b', 'main');
  await write(project, 'src/Vault.sol', 'contract Vault {}\n');
  await write(project, 'lib/vendored/Math.sol', 'library Math {}\n');
  await git(project, 'submodule', '-q', 'add', dependency, 'lib/forge-std');
  await git(project, 'add', '-A');
  await git(project, 'commit', '-q', '-m', 'base');
  return project;
}

describe('exportRevision', () => {
  let root: string;
  let tree: RevisionTree | undefined;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'lookout-checkout-'));
  });
  afterEach(async () => {
    tree?.dispose();
    tree = undefined;
    await rm(root, { recursive: true, force: true });
  });

  it('links a submodule the work tree has checked out into a lib/ that also holds tracked files', async () => {
    const project = await foundryRepo(root);
    tree = await exportRevision(project, await git(project, 'rev-parse', 'HEAD'));
    // git archive writes the submodule's directory empty; the base must still import forge-std.
    expect(readFileSync(join(tree.dir, 'lib/forge-std/src/Test.sol'), 'utf8')).toBe('contract Test {}\n');
    expect(readFileSync(join(tree.dir, 'lib/vendored/Math.sol'), 'utf8')).toBe('library Math {}\n');
    expect(readFileSync(join(tree.dir, 'src/Vault.sol'), 'utf8')).toBe('contract Vault {}\n');
  });

  it('leaves a submodule the work tree has not checked out empty', async () => {
    const project = await foundryRepo(root);
    await git(project, 'submodule', '-q', 'deinit', '-f', 'lib/forge-std');
    tree = await exportRevision(project, await git(project, 'rev-parse', 'HEAD'));
    expect(existsSync(join(tree.dir, 'lib/forge-std/src/Test.sol'))).toBe(false);
    expect(readFileSync(join(tree.dir, 'lib/vendored/Math.sol'), 'utf8')).toBe('library Math {}\n');
  });

  it('writes exactly what was committed: no export-subst, export-ignore, ident or eol conversion', async () => {
    await git(root, 'init', '-q', '-b', 'main');
    const vault = 'contract Vault {\n    string constant BUILD = "$Format:%H$ $Id$";\n}\n';
    await write(root, 'src/Vault.sol', vault);
    await write(root, 'src/Hidden.sol', 'contract Hidden {}\n');
    await write(root, '.gitattributes', '*.sol export-subst ident eol=crlf\nsrc/Hidden.sol export-ignore\n');
    await git(root, 'add', '-A');
    await git(root, 'commit', '-q', '-m', 'attributes');
    tree = await exportRevision(root, 'HEAD');
    expect(readFileSync(join(tree.dir, 'src/Vault.sol'), 'utf8')).toBe(vault);
    expect(readFileSync(join(tree.dir, 'src/Hidden.sol'), 'utf8')).toBe('contract Hidden {}\n');
    expect(existsSync(join(tree.dir, '.gitattributes'))).toBe(true);
  });

  it('removes every link that leads outside the export, however it gets there, and keeps the ones that stay inside', async () => {
    const repo = join(root, 'repo');
    await mkdir(join(root, 'outside', 'empty'), { recursive: true });
    await write(repo, 'src/Vault.sol', 'contract Vault {}\n');
    await git(repo, 'init', '-q', '-b', 'main');
    await symlink(join(root, 'outside'), join(repo, 'absolute'));
    await symlink('../../outside', join(repo, 'src', 'relative'));
    await symlink('src', join(repo, 'inside'));
    // Written inside, it leads out through another link.
    await symlink('absolute', join(repo, 'chained'));
    await symlink('missing', join(repo, 'dangling'));
    await git(repo, 'add', '-A');
    await git(repo, 'commit', '-q', '-m', 'links');
    tree = await exportRevision(repo, 'HEAD');
    expect(tree.escapingLinks).toEqual(['absolute', 'chained', 'src/relative']);
    for (const link of tree.escapingLinks) expect(existsSync(join(tree.dir, link))).toBe(false);
    expect(readFileSync(join(tree.dir, 'inside', 'Vault.sol'), 'utf8')).toBe('contract Vault {}\n');
    expect(lstatSync(join(tree.dir, 'dangling')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(root, 'outside', 'empty'))).toBe(true);
  });
});
