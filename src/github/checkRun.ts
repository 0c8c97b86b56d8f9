import type { Annotation } from '../report/index.js';
import type { GitHubClient, RepositoryRef } from './client.js';
import { guardWrite, type WriteResult } from './writeResult.js';

/** GitHub accepts at most this many annotations per check-run request. */
export const ANNOTATIONS_PER_REQUEST = 50;
/** Limits of the check-run output fields (characters). */
const MAX_SUMMARY = 65_535;
const MAX_TITLE = 255;
const MAX_MESSAGE = 65_535;

export type CheckConclusion = 'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required';

export interface CheckRunRequest extends RepositoryRef {
  headSha: string;
  name: string;
  conclusion: CheckConclusion;
  title: string;
  /** Markdown; cut to GitHub's 65,535 characters. */
  summary: string;
  annotations: readonly Annotation[];
}

export interface CheckRunOutcome {
  id: number;
  url: string;
  /** Requests sent: one create plus one update per further batch of annotations. */
  requests: number;
}

/**
 * A completed check run on `headSha` carrying the annotations: the first 50 with the create call,
 * the rest in update calls of 50 (GitHub appends annotations on update). A token without
 * `checks: write` yields a refusal, and the caller falls back to workflow commands.
 */
export async function publishCheckRun(octokit: GitHubClient, run: CheckRunRequest): Promise<WriteResult<CheckRunOutcome>> {
  const { owner, repo } = run;
  const batches = chunks(run.annotations.map(toCheckAnnotation), ANNOTATIONS_PER_REQUEST);
  const output = (annotations: ReturnType<typeof toCheckAnnotation>[] = []) => ({
    title: clip(run.title, MAX_TITLE),
    summary: clip(run.summary, MAX_SUMMARY),
    annotations,
  });
  return guardWrite(async () => {
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name: run.name,
      head_sha: run.headSha,
      status: 'completed',
      conclusion: run.conclusion,
      output: output(batches[0]),
    });
    for (const batch of batches.slice(1)) await octokit.rest.checks.update({ owner, repo, check_run_id: data.id, output: output(batch) });
    return { id: data.id, url: data.html_url ?? '', requests: Math.max(1, batches.length) };
  });
}

function toCheckAnnotation(a: Annotation) {
  return {
    path: a.path,
    start_line: a.startLine,
    end_line: a.endLine,
    annotation_level: a.level,
    title: clip(a.title, MAX_TITLE),
    message: clip(a.message, MAX_MESSAGE),
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
