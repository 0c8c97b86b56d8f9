import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { changedLines } from '../../src/diff/git.js';
import { ConfigurationError } from '../../src/errors.js';

const run = promisify(execFile);

/** A throwaway repository; commits carry their identity on the command line, not in config. */
class Repo {
  constructor(readonly dir: string) {}

  static async create(): Promise<Repo> {
    const repo = new Repo(await mkdtemp(join(tmpdir(), 'lookout-diff-')));
    await repo.git('init', '-q', '-b', 'main');
    return repo;
  }

  async git(...args: string[]): Promise<string> {
    const { stdout } = await run('git', ['-C', this.dir, '-c', 'user.name=Test', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
      maxBuffer: 1 << 28,
    });
    return stdout.trim();
  }

  async write(path: string, content: string | Uint8Array): Promise<void> {
    await mkdir(dirname(join(this.dir, path)), { recursive: true });
    await writeFile(join(this.dir, path), content);
  }

  async commit(message: string): Promise<string> {
    await this.git('add', '-A');
    await this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD');
  }
}

const lines = (...xs: string[]) => xs.map((x) => `${x}\n`).join('');
const TOKEN = lines(
  'pragma solidity ^0.8.0;',
  'contract T {',
  '    uint256 a;',
  '    function f() external {',
  '        a = 1;',
  '        a += 2;',
  '        a += 3;',
  '    }',
  '}',
);

describe('changedLines', () => {
  let repo: Repo;
  let base: string;

  beforeEach(async () => {
    repo = await Repo.create();
    await repo.write('src/T.sol', TOKEN);
    await repo.write('README.md', 'hello\n');
    base = await repo.commit('base');
  });
  afterEach(async () => {
    await rm(repo.dir, { recursive: true, force: true });
  });

  it('reports an added file with every line', async () => {
    await repo.write('src/New.sol', lines('contract N {', '}'));
    await repo.commit('add');
    expect(await changedLines({ repo: repo.dir, base })).toEqual([{ path: 'src/New.sol', status: 'added', addedLines: [1, 2], deletions: [] }]);
  });

  it('reports a modified line and a comment-only change as head lines', async () => {
    await repo.write('src/T.sol', TOKEN.replace('a += 2;', 'a += 20; // twenty').replace('a = 1;', 'a = 1; // one'));
    await repo.commit('modify');
    expect(await changedLines({ repo: repo.dir, base, head: 'HEAD' })).toEqual([{ path: 'src/T.sol', status: 'modified', addedLines: [5, 6], deletions: [] }]);
  });

  it('records where lines were deleted without replacement', async () => {
    await repo.write('src/T.sol', TOKEN.replace('        a += 2;\n        a += 3;\n', '').replace('pragma solidity ^0.8.0;\n', ''));
    await repo.commit('delete');
    // Line 1 (pragma) removed before head line 1; lines 6-7 removed after head line 4 (`a = 1;`).
    expect(await changedLines({ repo: repo.dir, base })).toEqual([
      {
        path: 'src/T.sol',
        status: 'modified',
        addedLines: [],
        deletions: [
          { after: 0, removed: { from: 1, to: 1 } },
          { after: 4, removed: { from: 6, to: 7 } },
        ],
      },
    ]);
  });

  it('reports a deleted file under its base path', async () => {
    await run('rm', [join(repo.dir, 'src/T.sol')]);
    await repo.commit('remove');
    expect(await changedLines({ repo: repo.dir, base })).toEqual([{ path: 'src/T.sol', status: 'deleted', addedLines: [], deletions: [] }]);
  });

  it('follows a renamed file with an edit', async () => {
    await run('rm', [join(repo.dir, 'src/T.sol')]);
    await repo.write('contracts/Token.sol', TOKEN.replace('a += 3;', 'a += 4;'));
    await repo.commit('rename');
    expect(await changedLines({ repo: repo.dir, base })).toEqual([
      { path: 'contracts/Token.sol', previousPath: 'src/T.sol', status: 'renamed', addedLines: [7], deletions: [] },
    ]);
  });

  it('handles a missing newline at end of file and CRLF line endings', async () => {
    await repo.write('src/T.sol', TOKEN.slice(0, -1).replace('}\n}', '}\n} '));
    await repo.write('src/Crlf.sol', 'contract C {\r\n  uint x;\r\n}\r\n');
    await repo.commit('eol');
    await repo.write('src/Crlf.sol', 'contract C {\r\n  uint y;\r\n  uint z;\r\n}\r\n');
    const head = await repo.commit('crlf');
    const files = await changedLines({ repo: repo.dir, base, head });
    expect(files).toEqual([
      { path: 'src/Crlf.sol', status: 'added', addedLines: [1, 2, 3, 4], deletions: [] },
      { path: 'src/T.sol', status: 'modified', addedLines: [9], deletions: [] },
    ]);
    const lastOnly = await changedLines({ repo: repo.dir, base: `${head}~1`, head });
    expect(lastOnly).toEqual([{ path: 'src/Crlf.sol', status: 'modified', addedLines: [2, 3], deletions: [] }]);
  });

  it('ignores non-Solidity files, and diffs a .sol file as text even when it looks binary', async () => {
    await repo.write('README.md', 'changed\n');
    await repo.write('logo.png', Uint8Array.from([0, 1, 2, 0, 255]));
    // Not Solidity that compiles, but committed as a .sol file: its build error is reported, never skipped.
    await repo.write('src/Blob.sol', Uint8Array.from([0, 0, 1, 2]));
    await repo.commit('other');
    expect(await changedLines({ repo: repo.dir, base })).toEqual([{ path: 'src/Blob.sol', status: 'added', addedLines: [1], deletions: [] }]);
  });

  it('sees the changes of a .sol file the pull request marks binary or -diff in .gitattributes', async () => {
    await repo.write('.gitattributes', '*.sol -diff\nsrc/T.sol binary\n');
    await repo.write('src/T.sol', TOKEN.replace('        a = 1;\n', '        a = 1;\n        assert(a == 0);\n'));
    await repo.commit('hide it');
    expect(await changedLines({ repo: repo.dir, base })).toEqual([{ path: 'src/T.sol', status: 'modified', addedLines: [6], deletions: [] }]);
  });

  it('diffs against the merge-base, not the tip of base', async () => {
    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/T.sol', TOKEN.replace('a += 3;', 'a += 5;'));
    await repo.commit('feature');
    await repo.git('checkout', '-q', 'main');
    await repo.write('src/Other.sol', lines('contract O {}'));
    await repo.commit('main moves on');
    expect(await changedLines({ repo: repo.dir, base: 'main', head: 'feature' })).toEqual([
      { path: 'src/T.sol', status: 'modified', addedLines: [7], deletions: [] },
    ]);
  });

  it('handles a 50k-line diff', async () => {
    const body = Array.from({ length: 50_000 }, (_, i) => `    uint256 constant C${i} = ${i};`).join('\n');
    await repo.write('src/Huge.sol', `contract H {\n${body}\n}\n`);
    await repo.commit('huge');
    const [file] = await changedLines({ repo: repo.dir, base });
    expect(file.addedLines).toHaveLength(50_002);
    expect(file.addedLines[50_001]).toBe(50_002);
  });

  it('explains an unknown base ref', async () => {
    const error = await changedLines({ repo: repo.dir, base: 'origin/nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/base ref 'origin\/nope' not found.*fetch-depth: 0/);
  });

  it('explains a shallow clone without the merge-base', async () => {
    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/T.sol', TOKEN.replace('a += 3;', 'a += 5;'));
    await repo.commit('feature 1');
    await repo.commit('feature 2');
    await repo.git('checkout', '-q', 'main');
    await repo.commit('main 1');
    const clone = await mkdtemp(join(tmpdir(), 'lookout-shallow-'));
    try {
      await run('git', ['clone', '-q', '--depth', '1', '--no-single-branch', `file://${repo.dir}`, clone]);
      const error = await changedLines({ repo: clone, base: 'origin/main', head: 'origin/feature' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/shallow.*fetch-depth: 0/);
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
  });

  it('explains a directory that is not a repository', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lookout-norepo-'));
    try {
      await expect(changedLines({ repo: dir, base: 'main' })).rejects.toThrow(/not a git repository/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
