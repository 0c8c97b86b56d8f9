import type { SolcOutput } from '../solc.js';

/**
 * One solc run forge made (one per compiler version and settings group), read from its build-info
 * file: the standard-JSON input's sources and settings and solc's standard-JSON output.
 */
export interface ForgeCompilation {
  /** The exact release, e.g. `0.8.17`. */
  version: string;
  /** What solc reported in the contracts' metadata, e.g. `0.8.17+commit.8df45f5f`. */
  longVersion: string;
  source: 'forge';
  /** The standard-JSON settings forge passed, without `outputSelection`. */
  settings: Record<string, unknown>;
  /** Every source unit of the run (paths relative to the project root) with the content solc saw. */
  contents: Map<string, string>;
  output: SolcOutput;
}

export interface ForgeBuildOptions {
  /** The forge executable; default `forge`, looked up on PATH. */
  forge?: string;
  /** forge's environment (`FOUNDRY_PROFILE` picks the profile, `HOME` the svm compilers); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /**
   * Where forge keeps its `out/`, `cache/` and build-info files. Pass the same folder again to reuse
   * forge's cache; default: a fresh temporary folder, removed afterwards (every build cold).
   */
  workDir?: string;
  /** Also compile Foundry tests and scripts (`*.t.sol`, `*.s.sol`); default false, as `lookout` compiles. */
  includeTestsAndScripts?: boolean;
}
