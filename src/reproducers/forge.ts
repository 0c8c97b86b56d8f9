import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type ForgeBuildOptions, readProjectSettings, refuseProjectExecutables, untrustedToolEnvironment } from '../compile/index.js';
import { errorMessage } from '../errors.js';
import { TEST_FUNCTION } from './source/lines.js';
import { inTestFolder, type ReproducerFile, type RunOutcome } from './verify.js';

const run = promisify(execFile);
/** forge builds the whole project first: minutes on a large one. */
const FORGE_TIMEOUT_MS = 10 * 60_000;

/**
 * One `forge test --match-path '<folder>/*' --match-test test_reproduce` over all the reproducers
 * (forge builds the whole project first: one build, not one per reproducer), written into a folder of
 * the project's test folder for the run, offline as Lookout's forge builds are (`options` as for
 * those); each judged by its own contract's result line (`Ran 1 test for <file>:<contract>`, then
 * `[PASS] test_reproduce()` or `[FAIL: reason] test_reproduce()`), so each keeps its own outcome.
 * Without one, forge did not run it (a build failure, no compiler offline): `does-not-compile` or
 * `skipped`, with forge's last words. The tests are the pull
 * request's code: forge gets none of the job's secrets, and a foundry.toml that would have it run a
 * command or binary the pull request chose (`ffi`, a `solc` path) skips the run. Outcomes are in the
 * order of `reproducers`.
 */
export async function runWithForge(
  root: string,
  reproducers: readonly ReproducerFile[],
  options: Pick<ForgeBuildOptions, 'forge' | 'env'> = {},
): Promise<RunOutcome[]> {
  if (reproducers.length === 0) return [];
  const { forge = 'forge' } = options;
  const env = untrustedToolEnvironment(options.env ?? process.env);
  const settings = readProjectSettings(root, env);
  try {
    refuseProjectExecutables(settings, { what: 'running the reproducers with forge', runsTests: true });
  } catch (error) {
    return reproducers.map(() => ({ outcome: 'skipped', reason: errorMessage(error) }));
  }
  return inTestFolder(root, settings.test, reproducers, async (units, folder) => {
    let output: string;
    try {
      const { stdout, stderr } = await run(forge, ['test', '--root', root, '--offline', '--match-path', `${folder}/*`, '--match-test', TEST_FUNCTION], {
        cwd: root,
        // The folder as forge's test folder: compiled where the project has no test folder (the folder is then at the
        // root, which forge does not compile), and the project's own tests, which a reproducer does not import, are not.
        env: { ...env, FOUNDRY_TEST: folder },
        timeout: FORGE_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
      });
      output = `${stdout}${stderr}`;
    } catch (error) {
      output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? (error as Error).message}`;
    }
    return reproducers.map((reproducer, i) => forgeOutcome(output, `${units[i]}:${reproducer.contract}`));
  });
}

/**
 * forge's verdict on one reproducer's test, read from its output: the result line in the section of
 * its suite (`<unit>:<contract>`), which forge prints as `Ran 1 test for <unit>:<contract>`.
 */
export function forgeOutcome(output: string, suite: string): RunOutcome {
  const section = suiteSection(output, suite);
  if (section !== undefined) {
    if (new RegExp(`\\[PASS\\] ${TEST_FUNCTION}\\(`).test(section)) return { outcome: 'passed', reason: null };
    // `[FAIL: reason]` (forge ≥ 1.0), `[FAIL. Reason: reason]` (older).
    const failed = new RegExp(`\\[FAIL(?:(?:\\. Reason)?: ?([^\\n]*?))?\\] ${TEST_FUNCTION}\\(`).exec(section);
    if (failed) return { outcome: 'failed', reason: failed[1] ?? 'failed' };
  }
  const words = lastLines(output);
  return /Compiler run failed|Error \(\d+\)/.test(output)
    ? { outcome: 'does-not-compile', reason: words }
    : { outcome: 'skipped', reason: `forge did not run the test: ${words}` };
}

/** The lines forge printed for the suite, from its `Ran N test(s) for` line to its `Suite result`. */
function suiteSection(output: string, suite: string): string | undefined {
  const start = output.search(new RegExp(`^Ran \\d+ tests? for ${escapeRegExp(suite)}$`, 'm'));
  if (start < 0) return undefined;
  const end = output.indexOf('\nSuite result', start);
  return output.slice(start, end < 0 ? undefined : end);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-5).join('\n');
}
