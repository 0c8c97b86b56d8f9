/** Where a compiler came from, in the order Lookout looks (see `obtainCompiler`). */
export type CompilerSource = 'svm' | 'cache' | 'download' | 'npm' | 'bundled';

/** A solc of one exact version, ready to run standard-JSON compilations. */
export interface SolcCompiler {
  /** The exact release, e.g. `0.8.17`. */
  version: string;
  /** What the compiler says it is, e.g. `0.8.17+commit.8df45f5f.Linux.g++`. */
  longVersion: string;
  source: CompilerSource;
  /** One standard-JSON compilation: the input object in, solc's parsed output out. */
  compile(input: object): Promise<unknown>;
}

/** The official release lists for native binaries; every other machine uses soljson (`wasm`). */
export type NativePlatform = 'linux-amd64' | 'macosx-amd64';

/** A release-list platform folder: `<mirror>/<platform>/list.json`. */
export type ListPlatform = NativePlatform | 'wasm';

/** Where this machine runs a native binary from, and from which version on (Apple silicon needs universal builds). */
export interface NativeTarget {
  platform: NativePlatform;
  sinceVersion?: string;
}

/**
 * Everything compiler lookup reads from the machine, resolved once from the environment so that the
 * rest is a function of this record (and tests build one pointing at temp dirs and loopback servers).
 */
export interface CompilerEnvironment {
  /** svm data folders to look in, in order (each holds `<v>/solc-<v>`). */
  svmDirs: string[];
  /** Lookout's own compiler cache (`<cacheDir>/solc/<v>/…`). */
  cacheDir: string;
  /** Base URL of the release lists, without a trailing slash. */
  mirror: string;
  /** Base URL of the npm registry, without a trailing slash. */
  npmRegistry: string;
  /** `undefined` where no official native binary runs (soljson only). */
  native: NativeTarget | undefined;
  fetch: typeof fetch;
  /** Per request: a stalled mirror must not hang a CI job. */
  timeoutMs: number;
  /** Where compiler outputs are kept by input (`LOOKOUT_COMPILE_CACHE`); none by default. */
  outputCache?: string;
}

/** A compiler found on disk, not yet loaded. */
export type CompilerArtifact = { kind: 'native'; path: string } | { kind: 'soljson'; path: string } | { kind: 'bundled' };

/** What one source answered: a compiler, or why it has none (kept for the final error message). */
export type SourceAnswer = { found: CompilerArtifact } | { unavailable: string };
