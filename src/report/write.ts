import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from './types.js';

/** Writes the JSON report (the one source of truth), creating the directory if needed. */
export function writeJsonReport(file: string, report: Report): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
