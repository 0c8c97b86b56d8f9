import { publishReport, verdict, type Channels, type PublishDeps } from '../../src/github/publish.js';
import { memoryLogger } from '../../src/logger.js';
import { MAX_COMMENT_LENGTH } from '../../src/report/markdown.js';
import type { Report } from '../../src/report/types.js';
import { finding, report, target } from '../report/sampleReport.js';
import type { ClientOptions } from '../../src/github/client.js';
import { fakeClient, serverError, startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';

/** publishReport against the fake API with synthetic reports: the limits that need big reports. */
let fake: FakeGitHub;
const place = { owner: 'acme', repo: 'auction', repoUrl: 'https://github.com/acme/auction', pullNumber: 7, headSha: 'a'.repeat(40) };
const all: Channels = { comment: true, checkRun: true, annotations: true, review: true };

beforeEach(async () => {
  fake = await startFakeGitHub();
});
afterEach(() => fake.close());

function deps(client: Partial<ClientOptions> = {}): PublishDeps & { commands: string[]; summaries: string[]; logger: { lines: string[] } } {
  const commands: string[] = [];
  const summaries: string[] = [];
  return {
    octokit: fakeClient(fake, client),
    logger: memoryLogger(),
    output: { summary: async (md) => void summaries.push(md), command: (line) => void commands.push(line) },
    commands,
    summaries,
  };
}

const publish = (r: Report, d = deps(), channels = all) =>
  publishReport(
    { report: r, target: place, channels, conclusion: verdict(r, 'introduced').conclusion, runUrl: 'https://github.com/acme/auction/actions/runs/42' },
    d,
  );

/** 120 unreached changed lines, every other line of one file: 120 annotations. */
const unreached = report({ findings: [], targets: Array.from({ length: 120 }, (_, i) => target('src/Big.sol', 2 * i + 1, 'unreached')) });

describe('publishReport', () => {
  it('sends check-run annotations in batches of at most 50', async () => {
    const outcome = await publish(unreached);
    expect(outcome).toMatchObject({ checkRun: 'created', annotations: 'check-run' });
    const sizes = [...fake.requestsTo('POST', /check-runs$/), ...fake.requestsTo('PATCH', /check-runs\/\d+$/)].map(
      (r) => (r.body as any).output.annotations.length,
    );
    expect(sizes).toEqual([50, 50, 20]);
    expect(fake.state.checkRuns[0].annotations).toHaveLength(120);
  });

  it('shortens a comment over 65,536 characters and points to the job summary', async () => {
    const many = report({
      findings: Array.from({ length: 400 }, (_, i) => finding({ line: i + 1, foundMs: i, foundTransactions: i, message: `failure ${i} ${'x'.repeat(200)}` })),
    });
    const d = deps();
    const outcome = await publish(many, d);
    expect(outcome.comment).toBe('created');
    const body = fake.state.comments.get(7)![0].body;
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
    expect(body).toContain('the full report is in the [job summary](https://github.com/acme/auction/actions/runs/42)');
    // The job summary is capped too (in lines): it holds the first findings and counts the rest, which the JSON report has.
    expect(d.summaries[0]).toContain('failure 0 ');
    expect(d.summaries[0]).toMatch(/…and \d+ more findings/);
  });

  it('with a read-only token falls back to workflow commands, ten per level, most important first', async () => {
    fake.forbidWrites = 403;
    const d = deps();
    const outcome = await publish(unreached, d);
    expect(outcome).toMatchObject({
      comment: 'refused',
      checkRun: 'refused',
      review: 'skipped',
      annotations: 'workflow-commands',
      summary: true,
      failures: [],
    });
    expect(d.commands).toHaveLength(10);
    expect(d.commands[0]).toMatch(/^::warning file=src\/Big\.sol,line=1,/);
  });

  it('reviews only lines inside the diff hunks and leaves the rest to the comment', async () => {
    fake.state.pullFiles.set(7, [{ filename: 'src/A.sol', status: 'modified', additions: 1, patch: '@@ -10,3 +10,4 @@\n a\n+b\n c\n d' }]);
    const r = report({
      findings: [
        finding({ file: 'src/A.sol', line: 11, foundMs: 1, foundTransactions: 1 }),
        finding({ file: 'src/A.sol', line: 40, foundMs: 2, foundTransactions: 2 }),
      ],
    });
    expect((await publish(r)).review).toBe('created');
    expect(fake.state.reviewComments.map((c) => c.line)).toEqual([11]);
    expect((await publish(r)).review).toBe('unchanged');
    expect(fake.state.reviews.get(7)).toHaveLength(1);
  });

  it('does not comment when there was nothing to fuzz, and the check is neutral', async () => {
    const empty = report({ targets: [], findings: [] });
    expect(verdict(empty, 'introduced')).toEqual({ conclusion: 'neutral', failure: undefined });
    expect(await publish(empty)).toMatchObject({ comment: 'skipped', checkRun: 'created' });
    expect(fake.state.checkRuns[0].conclusion).toBe('neutral');
  });
});

describe('publishReport when GitHub fails', () => {
  const findings = report({
    targets: [],
    findings: [
      finding({ file: 'src/A.sol', line: 11, foundMs: 1, foundTransactions: 1 }),
      finding({ file: 'src/A.sol', line: 40, foundMs: 2, foundTransactions: 2 }),
    ],
  });
  beforeEach(() => {
    fake.state.pullFiles.set(7, [{ filename: 'src/A.sol', status: 'modified', additions: 1, patch: '@@ -10,3 +10,4 @@\n a\n+b\n c\n d' }]);
  });

  it('a comment GitHub keeps failing costs the comment alone', async () => {
    fake.faults.push({ method: 'POST', path: /\/issues\/7\/comments$/, answer: serverError(502) });
    const outcome = await publish(findings, deps({ retries: 0 }));
    expect(outcome).toMatchObject({ comment: 'failed', review: 'created', checkRun: 'created', summary: true });
    expect(outcome.failures).toEqual(['PR comment: Server Error']);
  });

  it('a job summary that cannot be written does not stop the API channels', async () => {
    const d = deps();
    d.output.summary = async () => {
      throw new Error('ENOSPC: no space left on device');
    };
    const outcome = await publish(findings, d);
    expect(outcome).toMatchObject({ summary: false, comment: 'created', review: 'created', checkRun: 'created' });
    expect(outcome.failures).toEqual(['job summary: ENOSPC: no space left on device']);
  });

  it('a check run GitHub does not answer times out, and its annotations go out as workflow commands', async () => {
    fake.faults.push({ method: 'POST', path: /\/check-runs$/, answer: 'stall' });
    const d = deps({ timeoutMs: 300 });
    const outcome = await publish(findings, d);
    expect(outcome).toMatchObject({ checkRun: 'failed', annotations: 'workflow-commands', comment: 'created', review: 'created' });
    expect(outcome.failures).toEqual([expect.stringMatching(/^check run: GitHub did not answer POST \/repos\/acme\/auction\/check-runs within 0\.3 s$/)]);
    expect(d.commands).toEqual([expect.stringMatching(/^::error file=src\/A\.sol,line=40,/)]);
  });

  it('a review GitHub refuses for one line goes out without it; that finding is annotated and in the comment', async () => {
    // The files API's view says line 40 is in the diff; the review endpoint's does not.
    const d = { ...deps(), commentableLines: async () => new Map([['src/A.sol', [11, 40]]]) };
    const outcome = await publish(findings, d);
    expect(outcome).toMatchObject({ review: 'created', checkRun: 'created', annotations: 'check-run', failures: [] });
    expect(fake.state.reviewComments.map((c) => c.line)).toEqual([11]);
    expect(fake.state.reviews.get(7)![0].body).toContain('1 finding outside the diff is only in the sticky comment.');
    expect(fake.state.checkRuns[0].annotations).toEqual([expect.objectContaining({ path: 'src/A.sol', start_line: 40, annotation_level: 'failure' })]);
    expect(fake.state.comments.get(7)![0].body).toContain('src/A\\.sol:40');
    expect(d.logger.lines).toContain('warning: GitHub refused review threads on src/A.sol:40: those findings are in the comment and annotated instead.');
  });
});

describe('verdict', () => {
  const pre = finding({ introduced: false });
  const unknown = finding({ introduced: null });
  it.each([
    ['introduced', [pre], 'neutral', false],
    ['introduced', [unknown], 'failure', true],
    ['any', [pre], 'failure', true],
    ['never', [finding({ introduced: true })], 'neutral', false],
  ] as const)('fail-on %s', (failOn, findings, conclusion, fails) => {
    const judged = verdict(report({ findings: [...findings] }), failOn);
    expect(judged.conclusion).toBe(conclusion);
    expect(judged.failure !== undefined).toBe(fails);
  });

  it('reports behaviour changes without failing, and fails on them when asked (fail-on or the label)', () => {
    const change = finding({
      kind: 'behaviour-change',
      introduced: true,
      behaviour: { difference: 'outcome', base: 'reverts', head: 'succeeds', grade: 'returns' },
    });
    expect(verdict(report({ findings: [change] }), 'introduced')).toEqual({ conclusion: 'neutral', failure: undefined });
    expect(verdict(report({ findings: [change] }), 'any').failure).toBeUndefined();
    expect(verdict(report({ findings: [change] }), 'never', true).failure).toMatch(/1 kind of behaviour change between the base and this pull request/);
  });

  it('passes with success exactly when the headline raises no problem', () => {
    const reached = [target('src/A.sol', 1, 'reached')];
    const change = finding({ kind: 'behaviour-change', behaviour: { difference: 'outcome', base: 'reverts', head: 'succeeds', grade: 'returns' } });
    // Findings already on the base and behaviour changes are notes under a clean headline.
    expect(verdict(report({ targets: reached, findings: [] }), 'introduced').conclusion).toBe('success');
    expect(verdict(report({ targets: reached, findings: [finding({ introduced: false })] }), 'introduced').conclusion).toBe('success');
    expect(verdict(report({ targets: reached, findings: [change] }), 'introduced').conclusion).toBe('success');
    // A changed line never executed, an interrupted run or a finding fail-on lets pass is a problem the headline states.
    expect(verdict(report({ targets: [...reached, target('src/A.sol', 2, 'unreached')], findings: [] }), 'introduced').conclusion).toBe('neutral');
    expect(verdict(report({ targets: reached, findings: [], interrupted: true }), 'introduced').conclusion).toBe('neutral');
    expect(verdict(report({ targets: reached, findings: [finding()] }), 'never').conclusion).toBe('neutral');
  });

  it('a batch run (lookout fuzz: no base, no pull request) fails on every finding, says where to read it, and passes with success when it found nothing', () => {
    const batch = (findings: Report['findings']) => report({ base: undefined, revisions: undefined, targets: [], findings });
    const judged = verdict(batch([finding({ introduced: null })]), 'introduced', false, 'branch');
    expect(judged.conclusion).toBe('failure');
    expect(judged.failure).toMatch(/^1 finding: each comes with a transaction sequence that reproduces it in the check run and the job summary\./);
    expect(verdict(batch([]), 'introduced', false, 'branch')).toEqual({ conclusion: 'success', failure: undefined });
    expect(verdict(report({ errors: ['src/A.sol:3:1: ParserError'] }), 'introduced', false, 'branch').failure).toMatch(/^Lookout could not fuzz the project:/);
  });

  it('a build error fails whatever fail-on says', () => {
    expect(verdict(report({ errors: ['src/A.sol:3:1: ParserError'] }), 'never').failure).toMatch(/could not fuzz[\s\S]*src\/A\.sol:3/);
  });
});
