import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PULL_REQUEST_FILE } from '../config/index.js';
import { ConfigurationError, errorMessage } from '../errors.js';
import { parseReport, type Report } from '../report/index.js';
import type { GitHubClient, RepositoryRef } from './client.js';

/**
 * The fork-safe pair's hand-over: `mode: fuzz` writes the JSON report and, next to it, which pull
 * request and commit it is about; `mode: report` reads both from the downloaded artifact. A fork's
 * workflow wrote them, so nothing here is trusted: the report must match the report schema (numbers
 * are numbers, lines integers, kinds from the list) and is only rendered escaped, and the PR number
 * is checked against the API before anything is posted.
 */
export interface ReportContext {
  pullNumber: number | null;
  headSha: string;
  baseSha: string;
}

export function writeReportContext(reportPath: string, context: ReportContext): void {
  mkdirSync(path.dirname(reportPath), { recursive: true });
  writeFileSync(contextPath(reportPath), `${JSON.stringify(context, null, 2)}\n`);
}

/** The report at `reportPath` and the context beside it (undefined when absent or malformed). */
export function readReportArtifact(reportPath: string): { report: Report; context: ReportContext | undefined } {
  if (!existsSync(reportPath)) {
    throw new ConfigurationError(
      `No report at ${reportPath}: download the artifact the mode: fuzz run uploaded (actions/download-artifact) to that path, or set the input 'report'.`,
    );
  }
  return { report: readReport(reportPath), context: readContext(contextPath(reportPath)) };
}

/** A Lookout JSON report (schema version 1), or a ConfigurationError saying which fields are wrong. */
export function readReport(file: string): Report {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigurationError(`${file} is not a JSON report: ${errorMessage(error)}`);
  }
  const parsed = parseReport(json);
  if (!parsed.ok) throw new ConfigurationError(`${file} is not a Lookout report of schema version 1: ${parsed.problems.join('; ')}.`);
  return parsed.report;
}

/** The head commit of pull request `pullNumber`, or undefined when the repository has no such PR. */
export async function pullRequestHead(octokit: GitHubClient, ref: RepositoryRef, pullNumber: number): Promise<string | undefined> {
  try {
    const { data } = await octokit.rest.pulls.get({ ...ref, pull_number: pullNumber });
    return data.head.sha;
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) return undefined;
    throw error;
  }
}

function contextPath(reportPath: string): string {
  return path.join(path.dirname(reportPath), PULL_REQUEST_FILE);
}

function readContext(file: string): ReportContext | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ReportContext>;
    const number = value.pullNumber;
    if ((number !== null && !Number.isSafeInteger(number)) || typeof value.headSha !== 'string' || typeof value.baseSha !== 'string') return undefined;
    return { pullNumber: number ?? null, headSha: value.headSha, baseSha: value.baseSha };
  } catch {
    return undefined;
  }
}

/**
 * `mode: merge`'s `reports` input: every JSON report in a folder (download-artifact with
 * `merge-multiple: true` puts the shards' artifacts in one), or the files a glob with `*` in its last
 * part names; `pull-request.json` beside them is not a report. Sorted, so the order is the same on any runner.
 */
export function shardReportFiles(pattern: string): string[] {
  const folder = existsSync(pattern) && statSync(pattern).isDirectory();
  const dir = folder ? pattern : path.dirname(pattern);
  const name = folder
    ? /\.json$/
    : new RegExp(
        `^${path
          .basename(pattern)
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replaceAll('*', '[^/]*')}$`,
      );
  const files = existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir).filter((file) => name.test(file) && file !== PULL_REQUEST_FILE) : [];
  if (files.length === 0) {
    throw new ConfigurationError(
      `No shard reports at ${pattern}: download the matrix's artifacts there (actions/download-artifact v4 with merge-multiple: true), or set the input 'reports' to their folder or a glob.`,
    );
  }
  return files.sort().map((file) => path.join(dir, file));
}
