import { bytesToHex } from 'viem';
import { type Artifact, CheatcodeError, type CheatcodeDefinition } from './types.js';

/** What an artifact path names: a contract name and, when given, the file that declares it. */
interface ArtifactQuery {
  file: string | undefined;
  name: string;
  version: string | undefined;
}

/**
 * Parses the artifact paths forge's `getCode` accepts: `File.sol:Name`, `path/File.sol:Name`,
 * `File.sol` (the contract named like the file), `Name`, `out/File.sol/Name.json`, and any of the
 * first three followed by `:0.8.20` to pick a compiler version.
 */
export function parseArtifactPath(path: string): ArtifactQuery {
  if (path.endsWith('.json')) {
    const parts = path.split('/');
    const name = parts[parts.length - 1].slice(0, -'.json'.length);
    return { file: parts.length >= 2 ? parts[parts.length - 2] : undefined, name, version: undefined };
  }
  const [first, second, version] = path.split(':');
  if (!first.endsWith('.sol')) return { file: undefined, name: first, version: second };
  const stem = first.split('/').pop()!.slice(0, -'.sol'.length);
  return { file: first, name: second === undefined || second === '' ? stem : second, version };
}

function fileMatches(artifactFile: string, file: string | undefined): boolean {
  return file === undefined || artifactFile === file || artifactFile.endsWith(`/${file}`);
}

/** The one artifact a path names; a clear error when none or several do. */
export function findArtifact(artifacts: readonly Artifact[], path: string): Artifact {
  const query = parseArtifactPath(path);
  const matches = artifacts.filter(
    (a) => a.name === query.name && fileMatches(a.file, query.file) && (query.version === undefined || a.compilerVersion.startsWith(query.version)),
  );
  if (matches.length === 0) throw new CheatcodeError(`vm.getCode: no compiled contract matches "${path}"`);
  if (matches.length > 1) {
    throw new CheatcodeError(`vm.getCode: "${path}" is ambiguous: ${matches.map((a) => `${a.file}:${a.name}`).join(', ')}; name the file as File.sol:Name`);
  }
  return matches[0];
}

export const artifactCheatcodes: readonly CheatcodeDefinition[] = [
  {
    signature: 'function getCode(string artifactPath) returns (bytes creationBytecode)',
    run: ([path], call) => [bytesToHex(findArtifact(call.artifacts, path as string).creationCode)],
  },
  {
    signature: 'function getDeployedCode(string artifactPath) returns (bytes runtimeBytecode)',
    run: ([path], call) => [bytesToHex(findArtifact(call.artifacts, path as string).deployedCode)],
  },
];
