import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throwaway folder holding `files` (relative path → content); removed by `cleanUp`. */
export function tempProject(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lookout-project-'));
  writeFiles(root, files);
  return root;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const absolute = path.join(root, relative);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
}

export function cleanUp(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

export const SOL = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract C {}\n';
