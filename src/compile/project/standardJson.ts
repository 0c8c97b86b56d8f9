import semver from 'semver';
import { applyRemappings, formatRemapping } from '../remappings.js';
import { chooseEvmVersion } from './evmVersion.js';
import type { BytecodeHash, ProjectSettings } from './types.js';

/** The `settings` of a standard-JSON input, without `outputSelection`. */
export interface SolcSettings {
  optimizer: { enabled: boolean; runs: number };
  viaIR?: true;
  evmVersion?: string;
  /** Source unit → library name → address. */
  libraries?: Record<string, Record<string, string>>;
  remappings: string[];
  metadata: { useLiteralContent: false; bytecodeHash?: BytecodeHash; appendCBOR?: boolean };
}

export interface CompilerSettings {
  settings: SolcSettings;
  /** Where a setting the project asked for could not be passed as asked, and why; for the log. */
  notes: string[];
}

// First solc releases with each setting; forge leaves a setting out for older ones.
const VIA_IR_SINCE = '0.7.5';
const BYTECODE_HASH_SINCE = '0.6.0';
const APPEND_CBOR_SINCE = '0.8.18';

function libraries(project: ProjectSettings): SolcSettings['libraries'] {
  if (project.libraries.length === 0) return undefined;
  const bySource: Record<string, Record<string, string>> = {};
  for (const library of project.libraries) {
    // forge names a library's file as the importers do, so a remapped path names the same unit.
    const unit = applyRemappings(project.remappings, '', library.file) ?? library.file;
    (bySource[unit] ??= {})[library.name] = library.address;
  }
  return bySource;
}

/**
 * The standard-JSON settings forge passes solc `version` for the project's profile: optimizer, viaIR
 * (solc ≥0.7.5), the evm version capped at what that solc knows and at the fork Lookout executes,
 * libraries, remappings and metadata (bytecodeHash from 0.6.0, appendCBOR from 0.8.18).
 */
export function standardJsonSettings(project: ProjectSettings, version: string): CompilerSettings {
  const notes: string[] = [];
  const evm = chooseEvmVersion(project.evmVersion, version);
  if (evm.note !== undefined) notes.push(evm.note);
  const viaIR = project.viaIR && semver.gte(version, VIA_IR_SINCE);
  if (project.viaIR && !viaIR) notes.push(`via_ir is set but solc ${version} has no IR pipeline (it needs ${VIA_IR_SINCE} or later); compiling without it.`);
  const appendCBOR = semver.gte(version, APPEND_CBOR_SINCE);
  if (!project.cborMetadata && !appendCBOR) notes.push(`cbor_metadata = false needs solc ${APPEND_CBOR_SINCE} or later; solc ${version} appends the metadata.`);
  const linked = libraries(project);
  return {
    settings: {
      optimizer: { enabled: project.optimizer.enabled, runs: project.optimizer.runs },
      ...(viaIR ? { viaIR: true as const } : {}),
      ...(evm.evmVersion === undefined ? {} : { evmVersion: evm.evmVersion }),
      ...(linked === undefined ? {} : { libraries: linked }),
      remappings: project.remappings.map(formatRemapping),
      metadata: {
        useLiteralContent: false,
        ...(semver.gte(version, BYTECODE_HASH_SINCE) ? { bytecodeHash: project.bytecodeHash } : {}),
        ...(appendCBOR ? { appendCBOR: project.cborMetadata } : {}),
      },
    },
    notes,
  };
}
