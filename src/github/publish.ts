import type { FailOn, PublishTarget } from '../config/index.js';
import { pullRequestDiff } from './pullFiles.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import {
  behaviourGroups,
  changedLineCounts,
  countsText,
  headline,
  plural,
  renderAnnotations,
  renderJunit,
  renderMarkdown,
  renderSarif,
  renderSummary,
  reportItems,
  type FailsCheck,
  type Report,
  type ReportFinding,
  reviewBody,
  reviewThreads,
  toWorkflowCommands,
  writeFileAtomically,
} from '../report/index.js';
import { publishCheckRun, type CheckConclusion } from './checkRun.js';
import type { GitHubClient } from './client.js';
import { upsertComment } from './comment.js';
import { submitReview } from './review.js';
import type { WriteRefusal } from './writeResult.js';

/** The check run Lookout creates on the PR head. */
export const CHECK_NAME = 'Lookout';
/** GitHub caps a check run's summary at 65,535 characters. */
const MAX_CHECK_SUMMARY = 65_535;

/** Which channels to use; the API ones only matter with a client. */
export interface Channels {
  comment: boolean;
  /** A check run on the head commit carrying the verdict (and the annotations when `annotations`). */
  checkRun: boolean;
  annotations: boolean;
  review: boolean;
  /** Write SARIF 2.1.0 here. */
  sarif?: string;
  /** Write JUnit XML here, each finding failing as the check does (`fails`). */
  junit?: { file: string; fails: FailsCheck };
}

/** The runner's non-API outputs, injected so publishing can be exercised outside a runner. */
export interface RunnerOutput {
  /** Appends markdown to the job summary; undefined when the step has none (GITHUB_STEP_SUMMARY unset). */
  summary?: (markdown: string) => Promise<void>;
  /** Prints one workflow command (`::warning file=…::…`). */
  command: (line: string) => void;
}

export interface PublishRequest {
  report: Report;
  target: PublishTarget;
  channels: Channels;
  conclusion: CheckConclusion;
  /** Link to this run, where the job summary is; the comment points there when it is shortened. */
  runUrl?: string;
  /** Lookout's own repository page (the action's), for the SARIF rules' help links. */
  toolUrl?: string;
}

export interface PublishDeps {
  /** Undefined without a token: only the summary, workflow commands and SARIF are written. */
  octokit: GitHubClient | undefined;
  logger: Logger;
  output: RunnerOutput;
  /** Head lines inside the PR's diff hunks per file; fetched from the PR files API when not given. */
  commentableLines?: () => Promise<ReadonlyMap<string, readonly number[]>>;
}

export type WriteState = 'created' | 'updated' | 'unchanged' | 'skipped' | 'refused' | 'failed';

export interface PublishOutcome {
  comment: WriteState;
  checkRun: WriteState;
  review: WriteState;
  annotations: 'check-run' | 'workflow-commands' | 'none';
  summary: boolean;
  sarif: string | undefined;
  /** Writes that failed for a reason other than permissions (the caller fails the job). */
  failures: string[];
}

/**
 * Publishes a report on every channel asked for. A write the token may not make (403/404: a fork
 * PR's read-only token, a workflow without `checks: write`) falls back — the comment to the job
 * summary, check-run annotations to workflow commands — and is never fatal; any other failure of one
 * channel is collected and the others still go out.
 */
export async function publishReport(request: PublishRequest, deps: PublishDeps): Promise<PublishOutcome> {
  const { report, target, channels } = request;
  const { octokit, logger, output } = deps;
  const outcome: PublishOutcome = {
    comment: 'skipped',
    checkRun: 'skipped',
    review: 'skipped',
    annotations: 'none',
    summary: false,
    sarif: undefined,
    failures: [],
  };
  const attempt = async (channel: string, write: () => Promise<WriteState>): Promise<WriteState> => {
    try {
      return await write();
    } catch (error) {
      outcome.failures.push(`${channel}: ${errorMessage(error)}`);
      logger.error(`Publishing the ${channel} failed: ${errorMessage(error)}`);
      return 'failed';
    }
  };
  // A read-only token (a fork PR) is a normal case: one line at the end says what went where instead.
  const refusals: string[] = [];
  const refused = (channel: string, refusal: WriteRefusal, fallback: string): WriteState => {
    refusals.push(`the ${channel} (HTTP ${refusal.status}; ${fallback})`);
    return 'refused';
  };

  if (channels.sarif) {
    const file = channels.sarif;
    await attempt('SARIF file', async () => {
      writeFileAtomically(file, `${JSON.stringify(renderSarif(report, { informationUri: request.toolUrl }), null, 2)}\n`);
      outcome.sarif = file;
      return 'created';
    });
  }
  if (channels.junit) {
    const { file, fails } = channels.junit;
    await attempt('JUnit file', async () => (writeFileAtomically(file, renderJunit(report, fails)), 'created'));
  }
  const links = { headSha: target.headSha, repoUrl: target.repoUrl };
  if (output.summary) {
    const write = output.summary;
    outcome.summary = (await attempt('job summary', async () => (await write(renderSummary(report, links)), 'created'))) === 'created';
  }

  const hasNews = report.targets.length > 0 || report.findings.length > 0 || (report.errors ?? []).length > 0;
  if (octokit && channels.comment && target.pullNumber !== undefined && hasNews) {
    const issueNumber = target.pullNumber;
    outcome.comment = await attempt('PR comment', async () => {
      const body = renderMarkdown(report, { ...links, summaryUrl: request.runUrl });
      const result = await upsertComment(octokit, { owner: target.owner, repo: target.repo, issueNumber, body });
      if (!result.ok) return refused('PR comment', result, 'the report is in the job summary');
      logger.info(`PR comment ${result.value.action}: ${result.value.url}`);
      return result.value.action;
    });
  }

  // The review goes first: a finding with a thread gets no annotation repeating it.
  const threaded = new Set<ReportFinding>();
  if (octokit && channels.review && target.pullNumber !== undefined) {
    const pullNumber = target.pullNumber;
    outcome.review = await attempt('review', async () => {
      const lines =
        reportItems(report).failures.length > 0
          ? await (deps.commentableLines ?? (() => pullDiffLines(octokit, target, pullNumber)))()
          : new Map<string, readonly number[]>();
      const threads = reviewThreads(report, (path, line) => lines.get(path)?.includes(line) ?? false);
      const result = await submitReview(octokit, {
        owner: target.owner,
        repo: target.repo,
        pullNumber,
        commitId: target.headSha,
        body: (placed) => reviewBody(report, placed),
        comments: threads.map((t) => t.comment),
        commentableLines: lines,
      });
      if (!result.ok) return refused('review', result, 'findings stay in the comment and the job summary');
      const { placed, refused: unplaced } = result.value;
      for (const thread of threads) if (placed.includes(thread.comment)) threaded.add(thread.finding);
      if (unplaced.length > 0) {
        const where = unplaced.map((c) => `${c.path}:${c.line}`).join(', ');
        logger.warning(`GitHub refused review threads on ${where}: those findings are in the comment and annotated instead.`);
      }
      const outside = reportItems(report).failures.length - threads.length;
      if (outside > 0) logger.info(`${plural(outside, 'finding')} with no line inside the diff hunks left to the comment.`);
      return result.value.action;
    });
  }

  const annotations = channels.annotations ? renderAnnotations(report, threaded) : [];
  if (octokit && channels.checkRun) {
    outcome.checkRun = await attempt('check run', async () => {
      const result = await publishCheckRun(octokit, {
        owner: target.owner,
        repo: target.repo,
        headSha: target.headSha,
        name: CHECK_NAME,
        conclusion: request.conclusion,
        title: checkTitle(report),
        summary: renderMarkdown(report, { ...links, summaryUrl: request.runUrl, maxLength: MAX_CHECK_SUMMARY }),
        annotations,
      });
      if (!result.ok) return refused('check run', result, 'annotations go out as workflow commands');
      logger.info(`Check run created with ${plural(annotations.length, 'annotation')}: ${result.value.url}`);
      if (annotations.length > 0) outcome.annotations = 'check-run';
      return 'created';
    });
  }
  if (annotations.length > 0 && outcome.annotations === 'none') {
    for (const line of toWorkflowCommands(annotations)) output.command(line);
    outcome.annotations = 'workflow-commands';
  }
  if (refusals.length > 0) logger.info(`The token may not write ${refusals.join(', ')}: expected with a read-only token, such as a fork's.`);
  return outcome;
}

async function pullDiffLines(octokit: GitHubClient, target: PublishTarget, pullNumber: number): Promise<ReadonlyMap<string, readonly number[]>> {
  return (await pullRequestDiff(octokit, { owner: target.owner, repo: target.repo, pullNumber })).commentableLines;
}

/** Plain text (check-run titles do not render markdown): the headline's first item, then the counts. */
export function checkTitle(report: Report): string {
  const items = headline(report);
  const [first] = items;
  const counts = report.targets.length > 0 ? countsText(changedLineCounts(report)) : undefined;
  return counts === undefined || first.text === counts ? first.text : `${first.text} · ${counts}`;
}

export interface Verdict {
  conclusion: CheckConclusion;
  /** Why the job fails, said so the user knows what to do; undefined when it passes. */
  failure: string | undefined;
}

/**
 * Whether the check fails on a finding: `fail-on` for failures (`any`, or those not already on the base),
 * the behaviour-change label or input for a behaviour change that is only a note.
 */
export function failsCheck(failOn: FailOn, behaviourChanges: boolean): FailsCheck {
  return (finding) => (finding.kind === 'behaviour-change' ? behaviourChanges : failOn !== 'never' && (failOn === 'any' || finding.introduced !== false));
}

/**
 * The gate. `introduced` fails on findings the PR introduced and on those whose origin is unknown
 * (the base could not be built or was not fetched): like `lookout pr`, it never passes a finding it
 * could not show to be pre-existing. Behaviour changes (base vs head) are reported, and fail only
 * with `behaviourChanges` (fail-on: behaviour-change, or the PR's no-behaviour-change label). Stage
 * errors (a build error) always fail. A batch run (`branch`) has no base and no pull request: its
 * findings are all of unknown origin, and its outputs the check run and the job summary.
 */
export function verdict(report: Report, failOn: FailOn, behaviourChanges = false, about: 'pull-request' | 'branch' = 'pull-request'): Verdict {
  const errors = report.errors ?? [];
  const subject = about === 'branch' ? 'the project' : 'this pull request';
  if (errors.length > 0) {
    return {
      conclusion: 'failure',
      failure: `Lookout could not fuzz ${subject}:\n${errors.join('\n')}\nFix the problem above and push again; the report so far is in the job summary.`,
    };
  }
  // Counted as the outputs list them: a group of examples, or a change a finding's sequence shows, is one.
  const changes = behaviourGroups(report).filter((group) => group.representative.kind === 'behaviour-change');
  const gating = reportItems(report).failures.filter(({ finding }) => failsCheck(failOn, behaviourChanges)(finding));
  if (gating.length > 0) {
    const what =
      failOn === 'any' || about === 'branch'
        ? plural(gating.length, 'finding')
        : `${plural(gating.length, 'finding')} introduced by this pull request (or of unknown origin)`;
    const where = about === 'branch' ? 'the check run' : 'the PR comment';
    return {
      conclusion: 'failure',
      failure: `${what}: each comes with a transaction sequence that reproduces it in ${where} and the job summary. Set fail-on: never to report without failing.`,
    };
  }
  if (behaviourChanges && changes.length > 0) {
    return {
      conclusion: 'failure',
      failure: `${plural(changes.length, 'kind')} of behaviour change between the base and this pull request, which should change none (fail-on: behaviour-change or the no-behaviour-change label): see the Behaviour changes section.`,
    };
  }
  return { conclusion: passingConclusion(report), failure: undefined };
}

/**
 * The conclusion of a run that does not fail, as its headline reads: `success` when changed Solidity
 * was fuzzed and the headline raises no problem (nothing found that gates, every reachable changed
 * line executed and fuzzed, the budget spent); `neutral` when it does — a changed line never executed
 * or not fuzzed, a finding `fail-on: never` lets pass, an interrupted run — or when there was no
 * changed Solidity to fuzz (a pull request's run with no targets). Findings already on the base and behaviour changes are notes: `success`.
 */
export function passingConclusion(report: Report): CheckConclusion {
  // A `lookout fuzz` report (a batch run) compares with no base and aims at no changed line: its headline alone says.
  if (report.targets.length === 0 && report.base !== undefined) return 'neutral';
  return headline(report).some((item) => item.tone === 'problem') ? 'neutral' : 'success';
}
