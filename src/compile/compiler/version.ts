import semver from 'semver';
import { ConfigurationError } from '../../errors.js';

// Exact releases only: the version names folders and files, so nothing else may reach a path.
const EXACT_RELEASE = /^\d+\.\d+\.\d+$/;

export function isExactRelease(version: string): boolean {
  return EXACT_RELEASE.test(version);
}

export function assertExactRelease(version: string): void {
  if (!isExactRelease(version)) {
    throw new ConfigurationError(`"${version}" is not an exact solc release such as 0.8.17; name one version, not a range.`);
  }
}

/** Distinct exact releases, oldest first. */
export function sortedReleases(versions: Iterable<string>): string[] {
  return [...new Set(versions)].filter(isExactRelease).sort(semver.compare);
}

/** Whether a compiler's long version (`0.8.17+commit.8df45f5f.Linux.g++`) is this exact release. */
export function isRelease(longVersion: string, version: string): boolean {
  return longVersion === version || longVersion.startsWith(`${version}+`);
}
