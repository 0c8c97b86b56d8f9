import { execFile, spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isInside } from './containment.js';

const run = promisify(execFile);

/** Dependencies a revision's export lacks (ignored or submodule content) but the work tree has installed. */
const DEPENDENCY_DIRECTORIES = ['node_modules', 'lib'];

export interface RevisionTree {
  dir: string;
  /** Committed symlinks that point outside the revision: removed from the export, never followed (paths relative to it). */
  escapingLinks: string[];
  /** Removes the export. */
  dispose(): void;
}

/**
 * Writes the files of `commit` to a temporary directory (`git archive | tar -x`: read-only for the
 * repository, unlike a checkout or a worktree) and links the work tree's installed dependencies
 * into it, so the revision compiles with the same imports.
 */
export async function exportRevision(repo: string, commit: string): Promise<RevisionTree> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lookout-rev-'));
  const gitDir = mkdtempSync(path.join(tmpdir(), 'lookout-git-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    // One git call for both: each process spawned costs a fork of this (large) process.
    const { stdout } = await run('git', ['-C', repo, 'rev-parse', '--path-format=absolute', '--git-path', 'objects', '--verify', `${commit}^{commit}`], {
      encoding: 'utf8',
    });
    const [objects, hash] = stdout.trim().split('\n');
    neutralGitDir(objects, gitDir);
    // The borrowed objects have no refs: the commit is named by its hash.
    await pipeArchive(gitDir, hash, dir);
    const escapingLinks = removeEscapingLinks(dir);
    for (const name of DEPENDENCY_DIRECTORIES) linkInstalled(repo, name, dir);
    return { dir, escapingLinks, dispose };
  } catch (error) {
    dispose();
    throw error;
  } finally {
    rmSync(gitDir, { recursive: true, force: true });
  }
}

/** The revisions one run exports, each commit once, all removed by `dispose` when the run ends. */
export interface RevisionExports {
  tree(commit: string): Promise<RevisionTree>;
  dispose(): void;
}

export function revisionExports(repo: string): RevisionExports {
  const trees = new Map<string, Promise<RevisionTree>>();
  const exported: RevisionTree[] = [];
  let disposed = false;
  return {
    tree(commit) {
      let tree = trees.get(commit);
      if (tree === undefined) {
        tree = exportRevision(repo, commit).then((done) => {
          // An export that finishes after the run ended is removed at once.
          if (disposed) done.dispose();
          else exported.push(done);
          return done;
        });
        trees.set(commit, tree);
      }
      return tree;
    },
    dispose() {
      disposed = true;
      for (const tree of exported.splice(0)) tree.dispose();
    },
  };
}

/**
 * What a revision exports is exactly what was committed: in-tree attributes would have `git archive`
 * rewrite it (`export-subst` expands `$Format:…$`, `ident` `$Id$`; `eol`, `text`, `filter` and
 * `working-tree-encoding` convert contents) or leave files out (`export-ignore`). A bare git dir that
 * borrows the repository's objects (alternates) carries an `info/attributes` unsetting them all; it
 * wins over every `.gitattributes` of the tree.
 */
const VERBATIM_ATTRIBUTES = '* -export-subst -export-ignore -ident -text -eol -filter -working-tree-encoding\n';

/** A bare repository's layout (`HEAD`, `config`, `objects/`, `refs/`), written rather than `git init`: one process fewer. */
function neutralGitDir(objects: string, gitDir: string): void {
  for (const folder of ['objects/info', 'refs/heads', 'refs/tags', 'info']) mkdirSync(path.join(gitDir, folder), { recursive: true });
  writeFileSync(path.join(gitDir, 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(path.join(gitDir, 'config'), '[core]\n\trepositoryformatversion = 0\n\tbare = true\n');
  writeFileSync(path.join(gitDir, 'objects', 'info', 'alternates'), `${objects}\n`);
  writeFileSync(path.join(gitDir, 'info', 'attributes'), VERBATIM_ATTRIBUTES);
}

/**
 * A pull request may commit a symlink to anywhere (`lib -> /home/runner`): one that resolves outside
 * the export is removed before anything reads, writes or descends through it. Returns their paths.
 */
function removeEscapingLinks(dir: string): string[] {
  const realRoot = realpathSync(dir);
  // Written and resolved: a chain of links may leave through a link that itself stays inside.
  const escapes = (link: string): boolean => {
    const target = resolved(link);
    return !isInside(dir, path.resolve(path.dirname(link), readlinkSync(link))) || (target !== undefined && !isInside(realRoot, target));
  };
  const links: string[] = [];
  const visit = (relative: string): void => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isSymbolicLink()) links.push(child);
      else if (entry.isDirectory()) visit(child);
    }
  };
  visit('');
  // Judged before any is removed: removing one first would leave a chain through it dangling, unreported.
  const escaping = links.filter((link) => escapes(path.join(dir, link)));
  for (const link of escaping) unlinkSync(path.join(dir, link));
  return escaping.map((link) => link.split(path.sep).join('/')).sort();
}

/** Where a link leads; undefined when it dangles. */
function resolved(link: string): string | undefined {
  try {
    return realpathSync(link);
  } catch {
    return undefined;
  }
}

/**
 * Links the work tree's installed `name` (under `repo`) where the export has nothing, and otherwise
 * looks one level down: a Foundry project's `lib/` holds tracked files beside submodules
 * (`lib/forge-std`), each exported empty. Only real folders are entered or linked, on either side
 * (`lstat`, never `stat`): a symlink the pull request committed in the work tree is not followed.
 */
function linkInstalled(repo: string, name: string, dir: string): void {
  const installed = path.join(repo, name);
  const exported = path.join(dir, name);
  if (!isRealDirectory(installed)) return;
  if (isEmptyOrMissing(exported)) {
    rmSync(exported, { recursive: true, force: true });
    symlinkSync(installed, exported, 'dir');
    return;
  }
  if (!isRealDirectory(exported)) return;
  for (const entry of readdirSync(exported, { withFileTypes: true })) {
    if (entry.isDirectory()) linkInstalled(repo, path.join(name, entry.name), dir);
  }
}

function isRealDirectory(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** A submodule's directory is exported empty; an ignored one not at all. (A symlink is neither.) */
function isEmptyOrMissing(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory() && readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

function pipeArchive(gitDir: string, commit: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const archive = spawn('git', ['--git-dir', gitDir, 'archive', '--format=tar', commit], { stdio: ['ignore', 'pipe', 'pipe'] });
    const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    archive.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    tar.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    archive.stdout.pipe(tar.stdin);
    let pending = 2;
    let failed = false;
    const done = (name: string) => (code: number | null) => {
      if (code !== 0 && !failed) {
        failed = true;
        reject(new Error(`${name} failed exporting ${commit}: ${stderr.trim()}`));
      }
      if (--pending === 0 && !failed) resolve();
    };
    archive.on('error', reject);
    tar.on('error', reject);
    archive.on('close', done('git archive'));
    tar.on('close', done('tar'));
  });
}
