import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../src/command.js';
import { memoryLogger } from '../../src/logger.js';
import type { Report, TargetStatus } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/**
 * Issue 4 acceptance: changed lines behind a constant-false comparison and behind a `require` on a
 * constant are reported `unreachable` by the lookahead analysis (empty prefix), never `reached`,
 * while a live line next to them is reached. Without the analysis they are merely `unreached`.
 */
const ROOT = REPO_ROOT;
const FIXTURE = '__fixtures__/bran/ConstantFalse.sol';
const MARKERS = ['DEAD_COMPARE', 'DEAD_REQUIRE', 'LIVE_STORE'] as const;
type Marker = (typeof MARKERS)[number];

/** 1-based line of the one code line (not the header comment) ending in `// MARKER`. */
function lineOf(marker: Marker): number {
  const lines = readFileSync(path.join(ROOT, FIXTURE), 'utf8').split('\n');
  const found = lines.flatMap((text, i) => (text.trimEnd().endsWith(`// ${marker}`) && !text.trim().startsWith('//') ? [i + 1] : []));
  if (found.length !== 1) throw new Error(`marker ${marker} found on ${found.length} code lines`);
  return found[0];
}

let out: string;
beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'lookout-unreachable-'));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs `lookout fuzz` on the fixture aimed at the three marked lines; their statuses by marker. */
async function statuses(extra: string[]): Promise<Record<Marker, TargetStatus>> {
  const json = path.join(out, `${extra.join('-') || 'default'}.json`);
  const lines = Object.fromEntries(MARKERS.map((marker) => [lineOf(marker), marker])) as Record<number, Marker>;
  const targets = Object.keys(lines)
    .map((line) => `${FIXTURE}:${line}`)
    .join(',');
  const logger = memoryLogger();
  const status = await runCommand(['fuzz', FIXTURE, '--targets', targets, '--budget', '2000x', '--workers', '1', '--json', json, ...extra], {
    cwd: ROOT,
    logger,
  });
  expect(status).toBe(0); // no failure to find in this fixture
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  expect(report.targets.map((t) => t.file)).toEqual(MARKERS.map(() => FIXTURE));
  return Object.fromEntries(report.targets.map((t) => [lines[t.line], t.status])) as Record<Marker, TargetStatus>;
}

describe('lookout fuzz --targets on constant-guarded lines', () => {
  it('reports the dead lines unreachable and the live line reached (default schedule, lookahead)', async () => {
    expect(await statuses([])).toEqual({ DEAD_COMPARE: 'unreachable', DEAD_REQUIRE: 'unreachable', LIVE_STORE: 'reached' });
  });

  it('without the analysis (--schedule baseline) leaves the dead lines unreached, not unreachable', async () => {
    expect(await statuses(['--schedule', 'baseline'])).toEqual({ DEAD_COMPARE: 'unreached', DEAD_REQUIRE: 'unreached', LIVE_STORE: 'reached' });
  });
});
