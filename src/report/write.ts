import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { printable } from '../logger.js';
import type { Report } from './types.js';

/** Writes the JSON report (the one source of truth), creating the directory if needed. */
export function writeJsonReport(file: string, report: Report): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, jsonText(report));
}

/**
 * The report as JSON, every string exactly as found, but its unprintable characters written as `\u`
 * escapes (JSON.stringify leaves DEL, C1 and the bidirectional controls raw): the file shows what it holds.
 */
function jsonText(report: Report): string {
  return `${printable(JSON.stringify(report, null, 2), 'escape')}\n`;
}

/**
 * Writes each finding's Foundry reproducer into `dir` (created if needed) under its file name;
 * returns the paths written. Findings without a reproducer source are left out.
 */
export function writeReproducers(dir: string, report: Report): string[] {
  const reproducers = report.findings.flatMap((f) => (f.reproducer && f.reproducer.source !== '' ? [f.reproducer] : []));
  mkdirSync(dir, { recursive: true });
  return reproducers.map((r) => {
    const file = path.join(dir, r.file);
    writeFileSync(file, r.source);
    return file;
  });
}
