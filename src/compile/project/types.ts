import type { Remapping } from '../remappings.js';
import type { EvmVersion } from './evmVersion.js';

/** `bytecode_hash` in foundry.toml: the metadata hash solc appends to the code. */
export type BytecodeHash = 'ipfs' | 'none' | 'bzzr1';

/** One `libraries = ["<file>:<name>:<address>"]` entry: a deployed library to link against. */
export interface LinkedLibrary {
  file: string;
  name: string;
  address: string;
}

/**
 * How a project builds, as forge reads it from foundry.toml (active profile), the FOUNDRY_*
 * environment, remappings.txt and the lib folders. Paths are relative to `root` unless said otherwise.
 */
export interface ProjectSettings {
  /** Absolute. */
  root: string;
  /** Absolute path of the foundry.toml read, if the project has one. */
  configFile?: string;
  /** `ffi = true`: the project's tests may run shell commands through `vm.ffi`. */
  ffi: boolean;
  /** The base file foundry.toml `extends`, as written (Lookout does not read it). */
  extends?: string;
  /** The profile whose values these are (`default` when FOUNDRY_PROFILE names none in the file). */
  profile: string;
  src: string;
  test: string;
  script: string;
  libs: string[];
  /** Folders (relative to the root) that are Lookout's own outputs, never read as the project (`--reproducers` inside it). */
  excluded?: string[];
  /** Explicit remappings first, then forge's auto-detected ones; at most one per context and prefix. */
  remappings: Remapping[];
  /** A pinned compiler: exactly one of `version` (e.g. `0.8.17`) or `path` (an absolute path to a solc binary). */
  solc?: { version?: string; path?: string };
  autoDetectSolc: boolean;
  optimizer: { enabled: boolean; runs: number };
  viaIR: boolean;
  /** As configured; undefined means forge's default (see `FORGE_DEFAULT_EVM_VERSION`). */
  evmVersion?: EvmVersion;
  libraries: LinkedLibrary[];
  bytecodeHash: BytecodeHash;
  cborMetadata: boolean;
  /** forge's invariant settings Lookout honours: `fail_on_revert` (a reverting target call fails the run; off by default). */
  invariant: { failOnRevert: boolean };
  /** Things a user should know that did not stop the read (an unknown profile, an unsupported key). */
  warnings: string[];
}

/** One file of an import graph: unit names relative to the project root. */
export interface SourceNode {
  /** Resolved unit names of its imports, in the order written, without duplicates. */
  imports: string[];
  /** A semver range from its `pragma solidity` lines (see `pragmaRange`); undefined when it has none. */
  pragma?: string;
}

export interface UnresolvedImport {
  file: string;
  /** The import as written. */
  path: string;
  line: number;
  column: number;
  /** Unit names tried, in order. */
  tried: string[];
}

/** Who imports whom, from `entries` down to everything they import transitively. */
export interface ImportGraph {
  /** The files the graph was built from. */
  entries: string[];
  nodes: Map<string, SourceNode>;
  /** Imports no candidate file exists for; the importing file's node lacks that edge. */
  unresolved: UnresolvedImport[];
}

/** Files compiled together by one compiler version. */
export interface VersionGroup {
  version: string;
  /** The entry files that chose this version. */
  entries: string[];
  /** `entries` and everything they import: the sources to hand solc. */
  files: string[];
}

export interface UnsatisfiableFile {
  file: string;
  message: string;
}

export interface VersionGrouping {
  groups: VersionGroup[];
  unsatisfiable: UnsatisfiableFile[];
}

/** Compiler versions to choose from; `released` absent means offline (installed ones only). */
export interface AvailableCompilers {
  installed: string[];
  released?: string[];
}
