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
 * `forge test --match-path --match-test` on the reproducer's test (not the tests it inherits),
 * written into the project's test folder for the run, offline as Lookout's forge builds are
 * (`options` as for those), judged by forge's own result line for the test (`[PASS]
 * test_reproduce()`, `[FAIL: reason] test_reproduce()`). Without one, forge did not run it (a build failure, no compiler offline, a
 * folder forge does not compile): `does-not-compile` or `skipped`, with forge's last words. The test is
 * the pull request's code: forge gets none of the job's secrets, and a foundry.toml that would have
 * it run a command or binary the pull request chose (`ffi`, a `solc` path) skips the run.
 */
export async function runWithForge(root: string, reproducer: ReproducerFile, options: Pick<ForgeBuildOptions, 'forge' | 'env'> = {}): Promise<RunOutcome> {
  const { forge = 'forge' } = options;
  const env = untrustedToolEnvironment(options.env ?? process.env);
  const settings = readProjectSettings(root, env);
  try {
    refuseProjectExecutables(settings, { what: 'running the reproducer with forge', runsTests: true });
  } catch (error) {
    return { outcome: 'skipped', reason: errorMessage(error) };
  }
  return inTestFolder(root, settings.test, [reproducer], async ([unit]) => {
    let output: string;
    try {
      const { stdout, stderr } = await run(forge, ['test', '--root', root, '--offline', '--match-path', unit, '--match-test', TEST_FUNCTION], {
        cwd: root,
        env,
        timeout: FORGE_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
      });
      output = `${stdout}${stderr}`;
    } catch (error) {
      output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? (error as Error).message}`;
    }
    return forgeOutcome(output);
  });
}

/** forge's verdict on the reproducer's test, read from its output. */
export function forgeOutcome(output: string): RunOutcome {
  if (new RegExp(`\\[PASS\\] ${TEST_FUNCTION}\\(`).test(output)) return { outcome: 'passed', reason: null };
  // `[FAIL: reason]` (forge ≥ 1.0), `[FAIL. Reason: reason]` (older).
  const failed = new RegExp(`\\[FAIL(?:(?:\\. Reason)?: ?([^\\n]*?))?\\] ${TEST_FUNCTION}\\(`).exec(output);
  if (failed) return { outcome: 'failed', reason: failed[1] ?? 'failed' };
  const words = lastLines(output);
  return /Compiler run failed|Error \(\d+\)/.test(output)
    ? { outcome: 'does-not-compile', reason: words }
    : { outcome: 'skipped', reason: `forge did not run the test: ${words}` };
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-5).join('\n');
}
