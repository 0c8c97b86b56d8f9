import path from 'node:path';
import { ConfigurationError } from '../../errors.js';
import type { ProjectSettings } from '../project/index.js';

/**
 * Variables a tool run on the pull request's code never sees: the job's tokens (`GITHUB_TOKEN`, the
 * Action's `INPUT_*` inputs, the runner's `ACTIONS_*` credentials) and anything named like a secret
 * (RPC URLs carry API keys in their path).
 */
const WITHHELD = [/^INPUT_/i, /^ACTIONS_/i, /TOKEN/i, /SECRET/i, /PASSW(OR)?D/i, /PRIVATE_?KEY/i, /API_?KEY/i, /CREDENTIAL/i, /AUTH/i, /MNEMONIC/i, /RPC_URL/i];

/** The environment forge runs in on a pull request's project: the job's minus its secrets. */
export function untrustedToolEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !WITHHELD.some((pattern) => pattern.test(name))));
}

/** What forge is run for: named in the refusal; running tests also runs what `vm.ffi` asks. */
export interface ForgePurpose {
  what: string;
  runsTests: boolean;
}

/**
 * foundry.toml settings that would have forge run or read what the pull request chose: a `solc`
 * binary path (forge executes it), `ffi = true` when forge runs tests (they may run any command), and
 * `extends` (a file Lookout does not read, which may set either). Throws ConfigurationError saying
 * what to write instead.
 */
export function refuseProjectExecutables(settings: ProjectSettings, purpose: ForgePurpose): void {
  // Relative: the project may be a temporary export of the pull request's head.
  const file = path.relative(settings.root, settings.configFile ?? path.join(settings.root, 'foundry.toml'));
  if (settings.solc?.path !== undefined) {
    throw new ConfigurationError(
      `${file} pins solc to the binary ${path.relative(settings.root, settings.solc.path)}; Lookout never runs a pull request's executables, so ${purpose.what} is refused. ` +
        'Pin a version instead (solc = "0.8.x"): forge installs that release itself.',
    );
  }
  if (purpose.runsTests && settings.ffi) {
    throw new ConfigurationError(
      `${file} sets ffi = true: the pull request's tests could run any command through vm.ffi (no environment variable turns it off), so ${purpose.what} is refused. ` +
        "Lookout's own runner still checks the reproducer; set ffi = false (or only in a profile CI does not use) to have forge check it too.",
    );
  }
  if (settings.extends !== undefined) {
    throw new ConfigurationError(
      `${file} extends ${settings.extends}; Lookout cannot vet the settings of a file it does not read, so ${purpose.what} is refused. ` +
        'Write the settings into foundry.toml itself.',
    );
  }
}
