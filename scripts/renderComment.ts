/// <reference lib="dom" />
/**
 * Renders the pull-request comment of three fixture pull requests as a reviewer sees it — GitHub's
 * markdown at the PR timeline's 780 px, in headless Chromium — into `docs/images/` for the README,
 * and checks what the issue asks of the comment: a failing finding shows before anything else
 * below the headline, in the first screen, and no comment runs past 120 lines.
 *
 * `npm run render:comment` (Chromium: Debian's `chromium` package, or CHROMIUM=/path/to/chrome).
 * The pull requests are built from `__fixtures__/behaviour` and run with the CLI from these sources at
 * a fixed seed and transaction budget, so the images change only when the comment does.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CASES = path.join(ROOT, '__fixtures__', 'behaviour');
const OUT = path.join(ROOT, 'docs', 'images');
/** GitHub's PR timeline column; a first screen on a laptop. */
const WIDTH = 780;
const FIRST_SCREEN = 900;
const MAX_LINES = 120;

/** A pull request made of fixture cases: each case's base and head files under `src/<case>/` (or `src/` alone). */
interface PullRequestShape {
  name: string;
  title: string;
  cases: string[];
  budget: string;
}

const SHAPES: PullRequestShape[] = [
  { name: 'comment-clean', title: 'a refactor (nothing found)', cases: ['layout-refactor'], budget: '20000x' },
  { name: 'comment-finding', title: 'an introduced finding with behaviour changes', cases: ['unchecked-withdraw'], budget: '20000x' },
  {
    name: 'comment-large',
    title: 'a release-sized diff (twelve contracts)',
    cases: [
      'ownership-takeover',
      'minter-role',
      'vesting-reset',
      'vault-inflation',
      'assembly-allowance',
      'withdraw-fee',
      'burn-supply',
      'allowance-bound',
      'transposed-constant',
      'layout-refactor',
      'gas-only',
      'new-function',
    ],
    budget: '60000x',
  },
];

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-C', dir, '-c', 'user.name=Lookout', '-c', 'user.email=lookout@example.com', '-c', 'commit.gpgsign=false', ...args], {
    stdio: 'ignore',
  });
}

/** A two-commit repository: `main` holds the cases' base files, `pr` their head files. */
function pullRequest(shape: PullRequestShape): string {
  const repo = mkdtempSync(path.join(tmpdir(), `lookout-${shape.name}-`));
  const place = (side: 'base' | 'head') => {
    rmSync(path.join(repo, 'src'), { recursive: true, force: true });
    for (const name of shape.cases) {
      const target = shape.cases.length === 1 ? path.join(repo, 'src') : path.join(repo, 'src', name);
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(path.join(CASES, name, side))) cpSync(path.join(CASES, name, side, file), path.join(target, file));
    }
  };
  git(repo, 'init', '-q', '-b', 'main');
  place('base');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  git(repo, 'checkout', '-q', '-b', 'pr');
  place('head');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', shape.title);
  return repo;
}

/** The comment the CLI writes for the pull request, and what it printed (exit 1 is a failing check, not an error). */
function comment(repo: string, shape: PullRequestShape): { markdown: string; terminal: string } {
  const markdown = path.join(repo, '..', `${path.basename(repo)}.md`);
  const args = [
    '--import',
    'tsx',
    'src/cli.ts',
    'pr',
    '--repo',
    repo,
    '--base',
    'main',
    '--budget',
    shape.budget,
    '--seed',
    '1',
    '--workers',
    '1',
    '--markdown',
    markdown,
  ];
  let terminal: string;
  try {
    terminal = execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (error) {
    if ((error as { status?: number }).status !== 1) throw error;
    terminal = (error as { stdout: string }).stdout;
  }
  return { markdown: readFileSync(markdown, 'utf8'), terminal };
}

function page(markdown: string): string {
  const css = readFileSync(createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'), 'utf8');
  // Folded sections stay folded, as a reviewer first sees them.
  const body = marked.parse(markdown, { gfm: true, async: false });
  return `<!doctype html><meta charset="utf-8"><style>${css}
body { margin: 0; background: #fff; } .markdown-body { box-sizing: border-box; width: ${WIDTH}px; padding: 16px; border: 1px solid #d0d7de; border-radius: 6px; }</style>
<article class="markdown-body">${body}</article>`;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  const problems: string[] = [];
  try {
    for (const shape of SHAPES) {
      const repo = pullRequest(shape);
      try {
        const { markdown, terminal } = comment(repo, shape);
        const lines = markdown.trimEnd().split('\n').length;
        if (lines > MAX_LINES) problems.push(`${shape.name}: ${lines} lines (at most ${MAX_LINES})`);
        const tab = await browser.newPage({ viewport: { width: WIDTH + 2, height: FIRST_SCREEN } });
        await tab.setContent(page(markdown));
        // A failing finding is the first thing under the headline, and all of it is on the first screen.
        const first = await tab.evaluate(() => {
          const heading = document.querySelector('.markdown-body h4');
          const finding = heading?.nextElementSibling;
          return heading ? { section: heading.textContent ?? '', bottom: (finding ?? heading).getBoundingClientRect().bottom } : undefined;
        });
        const fails = / introduced by this PR\*\*/.test(markdown.split('\n').slice(0, 8).join('\n'));
        if (fails && (first?.section !== 'Findings' || first.bottom > FIRST_SCREEN))
          problems.push(`${shape.name}: the first section is ${first?.section ?? 'none'}, ending ${Math.round(first?.bottom ?? 0)} px down`);
        await tab.locator('article').screenshot({ path: path.join(OUT, `${shape.name}.png`) });
        writeFileSync(path.join(OUT, `${shape.name}.md`), markdown);
        writeFileSync(path.join(OUT, `${shape.name}.txt`), terminal);
        console.log(
          `${shape.name}: ${lines} lines; first section: ${first?.section ?? '(none)'}, its first entry ends ${Math.round(first?.bottom ?? 0)} px down`,
        );
        await tab.close();
      } finally {
        rmSync(repo, { recursive: true, force: true });
        rmSync(`${repo}.md`, { force: true });
      }
    }
  } finally {
    await browser.close();
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
}

await main();
