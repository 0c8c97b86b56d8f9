/**
 * Acceptance for introduced-vs-pre-existing (issue 3): each engine fixture bug, once brought in by a
 * pull request (base = its safe twin under the buggy file and contract name) and once already on the
 * base while the pull request edits an unrelated line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BEHAVIOUR_KINDS } from '../../src/oracles/index.js';
import type { ReportFinding } from '../../src/report/types.js';
import { lookoutPr, pullRequest, type PrRepo } from './prRepo.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const ENGINE = path.join(REPO_ROOT, '__fixtures__/engine');

interface FixtureBug {
  name: string;
  /** About twice the transactions seed 1 takes to find the bug (and the `also` kinds) on both pull requests. */
  budget: string;
  kind: ReportFinding['kind'];
  panicCode: string | null;
  /** An edit of a line that has nothing to do with the bug: [before, after]. */
  unrelated: [string, string];
  /** Whether the bug's sequence runs the unrelated line before it fails. */
  runsUnrelatedLine: boolean;
  /** Other kinds the fixture rightly trips (Guarded also pays the non-owner out: an ether leak). */
  also?: ReportFinding['kind'][];
}

const bugs: FixtureBug[] = [
  // Found after 65 (introduced) and 122 (pre-existing) transactions.
  { name: 'StateMachine', budget: '250x', kind: 'assertion', panicCode: '0x01', unrelated: ['checks += 1;', 'checks += 2;'], runsUnrelatedLine: true },
  // After 16 and 79.
  { name: 'Vault', budget: '200x', kind: 'panic', panicCode: '0x32', unrelated: ['"deposit too small"', '"deposit below minimum"'], runsUnrelatedLine: true },
  // The property after 93; the ether leak needs both calls from the same non-deployer sender while the
  // deployer's ether is still there: after 1,773 and 1,298, so 3,000 is already less than twice that.
  {
    name: 'Guarded',
    budget: '3000x',
    kind: 'property',
    panicCode: null,
    unrelated: ['"payout failed"', '"payout reverted"'],
    runsUnrelatedLine: true,
    also: ['ether-leak'],
  },
  // After 29 and 286.
  { name: 'Batch', budget: '600x', kind: 'panic', panicCode: '0x32', unrelated: ['batches += 1;', 'batches += 2;'], runsUnrelatedLine: false },
];

const buggy = (name: string) => readFileSync(path.join(ENGINE, `${name}.sol`), 'utf8');
/** The safe twin renamed to the buggy contract, as the same contract before the pull request. */
const safe = (name: string) => readFileSync(path.join(ENGINE, `${name}Safe.sol`), 'utf8').replaceAll(`${name}Safe`, name);

/**
 * The findings of the bug's kind, after checking that the others are the expected extra kinds.
 * Behaviour changes are left out: a PR that brings the bug in, or edits a revert string, does change
 * behaviour (the behaviour diff's own tests are in behaviourChanges.test.ts).
 */
function bugFindings(findings: readonly ReportFinding[], bug: FixtureBug): ReportFinding[] {
  const failures = findings.filter((f) => !BEHAVIOUR_KINDS.includes(f.kind));
  expect(failures.map((f) => f.kind).sort()).toEqual([bug.kind, ...(bug.also ?? [])].sort());
  return failures.filter((f) => f.kind === bug.kind);
}

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

/**
 * Without the behaviour comparison: whether a finding is introduced is judged by replaying it on the
 * base, which is built either way; comparing behaviour (tested in behaviourChanges.test.ts) would only
 * add the changes these pull requests make, their confirmations and their reproducers.
 */
const NO_DIFF = ['--no-behaviour-diff'];

describe.each(bugs)('$name', (bug) => {
  const file = `src/${bug.name}.sol`;

  it('is introduced by a pull request that brings it in (exit 1)', async () => {
    const repo = await pullRequest({ [file]: safe(bug.name) }, { [file]: buggy(bug.name) });
    repos.push(repo);
    const run = await lookoutPr(repo, { budget: bug.budget, extra: NO_DIFF });
    expect(bugFindings(run.report.findings, bug)).toEqual([
      expect.objectContaining({ kind: bug.kind, panicCode: bug.panicCode, contract: bug.name, file, introduced: true, executesChangedLines: true }),
    ]);
    expect(run.status).toBe(1);
  });

  it('is pre-existing when the pull request only touches an unrelated line (exit 0)', async () => {
    const [before, after] = bug.unrelated;
    const head = buggy(bug.name).replace(before, after);
    expect(head).not.toBe(buggy(bug.name));
    const repo = await pullRequest({ [file]: buggy(bug.name) }, { [file]: head });
    repos.push(repo);
    const run = await lookoutPr(repo, { budget: bug.budget, extra: NO_DIFF });
    expect(run.report.targets.map((t) => t.line)).toEqual([head.split('\n').findIndex((l) => l.includes(after)) + 1]);
    expect(bugFindings(run.report.findings, bug)).toEqual([
      expect.objectContaining({
        kind: bug.kind,
        panicCode: bug.panicCode,
        contract: bug.name,
        file,
        introduced: false,
        executesChangedLines: bug.runsUnrelatedLine,
      }),
    ]);
    expect(run.status).toBe(0);
  });
});
