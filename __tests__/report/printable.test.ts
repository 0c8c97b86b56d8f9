/**
 * Issue 28, item 8: "U+202E reaches the log and SARIF raw". A revert string (attacker-written on a
 * fork PR) holding bidi overrides and terminal escapes reaches no text output raw: every renderer and
 * the log strip them; the JSON report and Solidity literals keep the string, written as `\u` escapes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { actionsLogger, consoleLogger } from '../../src/logger.js';
import {
  renderAnnotations,
  renderMarkdown,
  renderSarif,
  renderSummary,
  renderText,
  reviewBody,
  reviewThreads,
  toWorkflowCommands,
  writeOutputs,
} from '../../src/report/index.js';
import { stringText } from '../../src/abi/vocabulary.js';
import { finding, report } from './sampleReport.js';

/** What no text output may hold: C0 controls but tab and newline, DEL, C1, and the bidi controls. */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'Ownable: caller \u202eresu\u202c is not \u2067owner\u2069\u001b[2J\r\u0085\u200f';

function hostileReport() {
  const sequence = [{ ...finding().sequence[0], function: 'name(string)', args: [`x\u202ey`], calldata: '0x' }, ...finding().sequence.slice(1)];
  return report({
    errors: [`src/A.sol:3:1: ParserError: ${HOSTILE}`],
    findings: [finding({ kind: 'assertion', panicCode: null, message: HOSTILE, sequence })],
  });
}

describe('unprintable characters from the repository', () => {
  it.each([
    ['markdown (the PR comment, the check run)', () => renderMarkdown(hostileReport())],
    ['the job summary', () => renderSummary(hostileReport())],
    ['the terminal summary', () => renderText(hostileReport())],
    ['SARIF', () => JSON.stringify(renderSarif(hostileReport()))],
    ['annotations', () => JSON.stringify(renderAnnotations(hostileReport()))],
    ['workflow commands', () => toWorkflowCommands(renderAnnotations(hostileReport())).join('\n')],
    [
      'review threads',
      () =>
        reviewThreads(hostileReport())
          .map((t) => t.comment.body)
          .join('\n') + reviewBody(hostileReport(), 1),
    ],
  ])('are stripped from %s', (_, render) => {
    const text = render();
    expect(text).not.toMatch(UNPRINTABLE);
    expect(text).toContain('resu');
  });

  it('are stripped from every log line', () => {
    const stream = new PassThrough();
    const logger = consoleLogger({ stream });
    logger.info(`reverted: ${HOSTILE}`);
    logger.error(HOSTILE);
    const written = String(stream.read());
    expect(written).not.toMatch(UNPRINTABLE);
    expect(written.split('\n')).toEqual(['reverted: Ownable: caller resu is not owner[2J', 'error: Ownable: caller resu is not owner[2J', '']);
  });

  it('are written as \\u escapes in the JSON report, which reads back the exact string', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lookout-printable-'));
    try {
      const file = path.join(dir, 'report.json');
      expect(writeOutputs({ json: file }, hostileReport())).toEqual([]);
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(UNPRINTABLE);
      expect(text).toContain('\\u202e');
      expect(JSON.parse(text).findings[0].message).toBe(HOSTILE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are written as \\u escapes in a Solidity string literal', () => {
    expect(stringText('a\u202eb')).toBe('"a\\u202eb"');
  });
});

describe("the Action's log", () => {
  it('prints a line from the pull request that starts with :: as text, not as a workflow command', () => {
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      actionsLogger().info('revert: boom\n::add-mask::ghs_token\n  ::error file=src/A.sol,line=1::spoofed');
    } finally {
      process.stdout.write = write;
    }
    const lines = written.join('').split(/\r?\n/);
    expect(lines.filter((line) => /^\s*::/.test(line))).toEqual([]);
    expect(lines).toContain(': :add-mask::ghs_token');
  });
});
