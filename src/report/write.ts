import { accessSync, constants, existsSync, lstatSync, mkdirSync, renameSync, rmSync, statSync, type Stats, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunConfig } from '../config/index.js';
import { isInside } from '../diff/index.js';
import { errorMessage } from '../errors.js';
import { printable } from '../logger.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { type FailsCheck, renderJunit } from './junit.js';
import { type CoverageSection, renderLcov } from './lcov.js';
import type { Report } from './types.js';

/** Where a run writes its report: JSON (the source of truth), markdown, SARIF 2.1.0, JUnit XML, LCOV, and a folder of Foundry reproducers. */
export type ReportOutputs = RunConfig['outputs'];

type Output = keyof ReportOutputs;

const OUTPUT_NAMES: Record<Output, string> = {
  json: 'the JSON report',
  markdown: 'the markdown report',
  sarif: 'the SARIF file',
  junit: 'the JUnit XML',
  lcov: 'the LCOV coverage',
  reproducers: 'the reproducers',
};

/**
 * Each output path that cannot be written, said so before a run spends its budget: a directory where
 * a file goes (or a file where a folder goes), a missing folder that cannot be created, a folder that
 * is not writable, and, below `checkout` (the pull request's work tree), a symlink on the way: the
 * pull request could have committed `lookout-report` pointing anywhere. `writable` are the outputs that passed.
 */
export function checkOutputs(outputs: ReportOutputs, checkout?: string): { writable: ReportOutputs; problems: string[] } {
  const writable: ReportOutputs = {};
  const problems: string[] = [];
  for (const output of Object.keys(OUTPUT_NAMES) as Output[]) {
    const target = outputs[output];
    if (target === undefined) continue;
    const problem = (checkout && linkOnTheWay(checkout, target)) ?? unwritable(target, output === 'reproducers' ? 'folder' : 'file');
    if (problem === undefined) writable[output] = target;
    else problems.push(`cannot write ${OUTPUT_NAMES[output]} to ${target}: ${problem}`);
  }
  return { writable, problems };
}

/** The first existing component of `target` below `checkout` that is a symlink, said as a problem. */
function linkOnTheWay(checkout: string, target: string): string | undefined {
  const relative = path.relative(path.resolve(checkout), path.resolve(target));
  if (relative === '' || !isInside(checkout, target)) return undefined;
  let component = path.resolve(checkout);
  for (const part of relative.split(path.sep)) {
    component = path.join(component, part);
    const entry = lstatIfAny(component);
    if (entry === undefined) return undefined;
    if (entry.isSymbolicLink())
      return `${component} is a symlink in the checkout; Lookout writes only where the path says (remove the link or choose another path)`;
  }
  return undefined;
}

function lstatIfAny(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

function unwritable(target: string, kind: 'file' | 'folder'): string | undefined {
  const exists = existsSync(target);
  if (exists && kind === 'file' && statSync(target).isDirectory()) return 'it is a directory; name a file';
  if (exists && kind === 'folder' && !statSync(target).isDirectory()) return 'it is a file; name a folder';
  // Missing folders are created: the nearest one that exists must be a folder Lookout may write in.
  let folder = exists && kind === 'folder' ? target : path.dirname(target);
  while (!existsSync(folder)) folder = path.dirname(folder);
  if (!statSync(folder).isDirectory()) return `${folder} is a file, not a folder`;
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return `${folder} is not writable`;
  }
  return undefined;
}

/** What the outputs need beside the report. */
export interface OutputExtras {
  /** Which findings fail the check (the JUnit XML's failures); by default every one. */
  fails?: FailsCheck;
  /** The fuzzed contracts' line coverage (the LCOV file); none when the run fuzzed nothing. */
  coverage?: readonly CoverageSection[];
}

/**
 * Writes every output on its own, so that one that fails (a full disk, a path that became a
 * directory) loses no other; returns what failed, one message each.
 */
export function writeOutputs(outputs: ReportOutputs, report: Report, extras: OutputExtras = {}): string[] {
  const { fails = () => true, coverage = [] } = extras;
  const writes: [Output, () => void][] = [
    ['json', () => writeFileAtomically(outputs.json!, jsonText(report))],
    ['markdown', () => writeFileAtomically(outputs.markdown!, renderMarkdown(report))],
    ['sarif', () => writeFileAtomically(outputs.sarif!, `${JSON.stringify(renderSarif(report), null, 2)}\n`)],
    ['junit', () => writeFileAtomically(outputs.junit!, renderJunit(report, fails))],
    ['lcov', () => writeFileAtomically(outputs.lcov!, renderLcov(coverage))],
    // Last: the report files are written even if the folder cannot be.
    ['reproducers', () => writeReproducers(outputs.reproducers!, report)],
  ];
  return writes.flatMap(([output, write]) => {
    if (outputs[output] === undefined) return [];
    try {
      write();
      return [];
    } catch (error) {
      return [`cannot write ${OUTPUT_NAMES[output]} to ${outputs[output]}: ${writeError(error)}`];
    }
  });
}

/** A file system error without its system call and paths (one is the temporary file's): `ENOSPC: no space left on device`. */
function writeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' ? message.split(',')[0] : errorMessage(error);
}

/**
 * The report as JSON, every string exactly as found, but its unprintable characters written as `\u`
 * escapes (JSON.stringify leaves DEL, C1 and the bidirectional controls raw): the file shows what it holds.
 */
function jsonText(report: Report): string {
  return `${printable(JSON.stringify(report, null, 2), 'escape')}\n`;
}

/**
 * Writes each finding's Foundry reproducer into `dir` (created if needed) under its file name, and
 * once the base file they import (one for the run). Findings without a reproducer source are left out.
 */
function writeReproducers(dir: string, report: Report): void {
  mkdirSync(dir, { recursive: true });
  const bases = new Map<string, string>();
  for (const { reproducer } of report.findings) {
    if (!reproducer || reproducer.source === '') continue;
    writeFileAtomically(path.join(dir, reproducer.file), reproducer.source);
    if (reproducer.base) bases.set(reproducer.base.file, reproducer.base.source);
  }
  for (const [file, source] of bases) writeFileAtomically(path.join(dir, file), source);
}

/**
 * Writes `text` to a temporary file beside `file`, then renames it over `file` (creating the folder
 * if needed): a reader never sees half a file, and a write that fails (a full disk) leaves the file
 * as it was and no temporary file behind, rather than a truncated report.
 */
export function writeFileAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
