/**
 * Corpus across runs (issue 32): `--corpus DIR` restores the inputs earlier runs kept, replays them
 * first, and saves the campaign's kept inputs back, one readable JSON file per contract.
 */
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../src/command.js';
import { memoryLogger } from '../../src/logger.js';
import type { Report } from '../../src/report/types.js';
import { lineOf, lookoutPr, pullRequest, type PrRepo } from './prRepo.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const ENGINE = path.join(REPO_ROOT, '__fixtures__/engine');
const buggy = readFileSync(path.join(ENGINE, 'StateMachine.sol'), 'utf8');
const safe = readFileSync(path.join(ENGINE, 'StateMachineSafe.sol'), 'utf8').replaceAll('StateMachineSafe', 'StateMachine');
const CORPUS_FILE = 'src/StateMachine.sol/StateMachine.json';

const folders: string[] = [];
async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lookout-corpus-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('lookout pr --corpus', () => {
  let repo: PrRepo;
  // The pull request brings the bug in, and a changed line only the bug's state reaches.
  const head = buggy.replace('assert(stored != 0x1337);', 'if (stored == 0x1337) {\n            checks += 2;\n        }\n        assert(stored != 0x1337);');
  beforeAll(async () => {
    repo = await pullRequest({ 'src/StateMachine.sol': safe }, { 'src/StateMachine.sol': head });
  });
  afterAll(() => repo.dispose());

  // Seed 1 finds the assertion after 65 transactions cold (introduced.test.ts): 250x is about twice that.
  const run = (corpus: string) => lookoutPr(repo, { budget: '250x', extra: ['--corpus', corpus] });

  it('starts warm the second time, reaching the changed line and the bug in fewer transactions, the same way twice', async () => {
    const dir = await folder();
    const cold = await run(dir);
    expect(cold.report.corpus).toMatchObject({ start: 'cold', loaded: 0, replayed: 0 });
    expect(cold.report.corpus!.saved).toBeGreaterThan(0);
    const saved = JSON.parse(await readFile(path.join(dir, CORPUS_FILE), 'utf8'));
    expect(saved).toMatchObject({ version: 1, contract: { file: 'src/StateMachine.sol', name: 'StateMachine' } });
    expect(saved.inputs.flat().map((call: { function: string }) => call.function)).toEqual(expect.arrayContaining(['set(uint256)', 'copy()', 'check()']));
    const copy = await folder();
    await cp(dir, copy, { recursive: true });

    const warm = await run(dir);
    expect(warm.report.corpus).toMatchObject({ start: 'warm', loaded: saved.inputs.length, dropped: { missingFunction: 0, undecodable: 0, reverted: 0 } });
    expect(warm.report.corpus!.replayed).toBeGreaterThan(0);
    const bug = (r: Report) => r.findings.find((f) => f.kind === 'assertion')!;
    expect(bug(warm.report).foundTransactions).toBeLessThan(bug(cold.report).foundTransactions);
    const firstReach = (r: Report) => Math.max(...r.targets.map((t) => t.firstReachedTransactions ?? Infinity));
    expect(firstReach(warm.report)).toBeLessThan(firstReach(cold.report));

    // The same corpus, seed and budget give the same report and the same saved file.
    const again = await run(copy);
    const facts = (r: Report) => ({
      corpus: { ...r.corpus, dir: undefined },
      targets: r.targets.map((t) => [t.line, t.firstReachedTransactions]),
      found: bug(r).foundTransactions,
    });
    expect(facts(again.report)).toEqual(facts(warm.report));
    expect(await readFile(path.join(copy, CORPUS_FILE), 'utf8')).toEqual(await readFile(path.join(dir, CORPUS_FILE), 'utf8'));
  });

  it("tells the changed lines the restored corpus ran from those the run reached anew, in the report and the comment's table", async () => {
    const dir = await folder();
    const withMarkdown = (name: string, budget: string) => lookoutPr(repo, { budget, extra: ['--corpus', dir, '--markdown', name] });
    // Seed 1 reaches copy()'s and check()'s changed lines in 2 transactions and the line behind the
    // magic value in 47: 30 transactions save a corpus that reaches the first two only.
    const cold = await withMarkdown('cold.md', '30x');
    const reached = (r: Report) => r.targets.filter((t) => t.status === 'reached').map((t) => t.line);
    const [copyLine, ifLine, magicLine] = [lineOf(head, 'stored = input;'), lineOf(head, 'if (stored == 0x1337)'), lineOf(head, 'checks += 2;')];
    expect(reached(cold.report)).toEqual([copyLine, ifLine]);
    // Cold: nothing was restored, so nothing is told apart.
    expect(cold.report.targets.some((t) => 'reachedByCorpus' in t)).toBe(false);
    const coldComment = await readFile(path.join(repo.dir, 'cold.md'), 'utf8');
    expect(coldComment).toContain('| file | reached | unreached |');
    expect(coldComment).not.toContain('restored corpus');

    const warm = await withMarkdown('warm.md', '250x');
    expect(warm.report.targets.map((t) => [t.line, t.status, t.reachedByCorpus])).toEqual([
      [copyLine, 'reached', true],
      [ifLine, 'reached', true],
      [magicLine, 'reached', false],
    ]);
    const comment = await readFile(path.join(repo.dir, 'warm.md'), 'utf8');
    expect(comment).toContain('| file | reached by the restored corpus | newly reached by this run | unreached |');
    expect(comment).toContain(`| src/StateMachine\\.sol | ${copyLine}, ${ifLine} | ${magicLine} |`);

    // The warm run saved what reached the magic line; on two workers each replays its share of the corpus, and what they reached is joined.
    const parallel = await lookoutPr(repo, { budget: '250x', extra: ['--corpus', dir, '--workers', '2'] });
    expect(parallel.report.targets.map((t) => [t.line, t.reachedByCorpus])).toEqual([
      [copyLine, true],
      [ifLine, true],
      [magicLine, true],
    ]);
  });

  it('reports a corpus file of another version, leaves it as it is and runs cold', async () => {
    const dir = await folder();
    const file = path.join(dir, CORPUS_FILE);
    await mkdir(path.dirname(file), { recursive: true });
    const future = JSON.stringify({ version: 99, contract: { file: 'src/StateMachine.sol', name: 'StateMachine' }, inputs: [] });
    await writeFile(file, future);
    const result = await run(dir);
    expect(result.report.corpus).toMatchObject({ start: 'cold', loaded: 0, saved: 0 });
    expect(result.report.corpus!.problems).toEqual([expect.stringContaining(`${file}: corpus version 99 is not the one this Lookout reads (1)`)]);
    expect(result.log.join('\n')).toContain('warning: Corpus: ');
    expect(result.report.findings.some((f) => f.kind === 'assertion')).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(future);
  });
});

describe('lookout fuzz --corpus on a newer build', () => {
  /** `lookout fuzz src/StateMachine.sol --corpus DIR` in `project`, its report. */
  async function fuzz(project: string, corpus: string): Promise<Report> {
    const json = path.join(project, 'lookout.json');
    const logger = memoryLogger();
    await runCommand(['fuzz', 'src/StateMachine.sol', '--budget', '250x', '--workers', '1', '--json', json, '--corpus', corpus], { cwd: project, logger });
    return JSON.parse(await readFile(json, 'utf8')) as Report;
  }

  it('drops the inputs whose function is gone or whose arguments no longer fit, counted, and replays the rest', async () => {
    const project = await folder();
    const corpus = await folder();
    await mkdir(path.join(project, 'src'));
    await writeFile(path.join(project, 'package.json'), '{}');
    await writeFile(path.join(project, 'src/StateMachine.sol'), buggy);
    await fuzz(project, corpus);
    const older = JSON.parse(await readFile(path.join(corpus, CORPUS_FILE), 'utf8')) as { inputs: { function: string; args: string[] }[][] };
    // Checked call by call, an input is dropped for its first call that no longer runs: check() is
    // gone; a value above 255 no longer fits set(uint8), a smaller one does.
    const firstProblem = (input: { function: string; args: string[] }[]) =>
      input
        .map((c) => (c.function === 'check()' ? 'missingFunction' : c.function === 'set(uint256)' && BigInt(c.args[0]) > 255n ? 'undecodable' : undefined))
        .find((problem) => problem !== undefined);
    const withCheck = older.inputs.filter((input) => firstProblem(input) === 'missingFunction').length;
    const tooLarge = older.inputs.filter((input) => firstProblem(input) === 'undecodable').length;
    expect(withCheck).toBeGreaterThan(0);
    expect(tooLarge).toBeGreaterThan(0);

    // The newer build: check() removed, set takes a uint8.
    const newer = buggy.replace('function set(uint256 value)', 'function set(uint8 value)').replace(/function check\(\) external \{[^}]*\}/, '');
    await writeFile(path.join(project, 'src/StateMachine.sol'), newer);
    const report = await fuzz(project, corpus);
    expect(report.corpus).toMatchObject({ start: 'warm', loaded: older.inputs.length, dropped: { missingFunction: withCheck, undecodable: tooLarge } });
    expect(report.corpus!.replayed + report.corpus!.dropped.reverted).toBe(older.inputs.length - withCheck - tooLarge);
    expect(report.corpus!.replayed).toBeGreaterThan(0);
  });
});
