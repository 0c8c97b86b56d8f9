import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readReportArtifact, writeReportContext } from '../../src/github/artifact.js';
import { isConfigurationError } from '../../src/errors.js';
import { report } from '../report/sampleReport.js';

/** `mode: report` reads what a fork's `mode: fuzz` run uploaded: nothing in it is trusted. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lookout-artifact-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const context = { pullNumber: 7, headSha: 'a'.repeat(40), baseSha: 'b'.repeat(40) };

function artifact(json: unknown): string {
  const file = path.join(dir, 'lookout.json');
  writeFileSync(file, JSON.stringify(json));
  writeReportContext(file, context);
  return file;
}

function refusal(file: string): string {
  try {
    readReportArtifact(file);
  } catch (error) {
    expect(isConfigurationError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('the artifact was accepted');
}

describe('readReportArtifact', () => {
  it('reads a report Lookout wrote, with its pull request', () => {
    expect(readReportArtifact(artifact(report()))).toEqual({ report: report(), context });
  });

  it('refuses a hostile report, naming each field that does not match the schema', () => {
    const hostile = JSON.parse(JSON.stringify(report()));
    hostile.seed = '<img src=x>';
    hostile.targets[0].line = '1</details>@admin';
    hostile.findings[1].line = '1</details>@admin';
    hostile.findings[0].kind = 'rug-pull';
    const message = refusal(artifact(hostile));
    expect(message).toMatch(/lookout\.json is not a Lookout report of schema version 1: /);
    for (const field of ['seed', 'targets[0].line', 'findings[0].kind', 'findings[1].line']) expect(message).toContain(`${field}: `);
  });

  it('refuses a file that is no JSON', () => {
    const file = path.join(dir, 'lookout.json');
    writeFileSync(file, '<html>');
    expect(refusal(file)).toMatch(/lookout\.json is not a JSON report: /);
  });
});
