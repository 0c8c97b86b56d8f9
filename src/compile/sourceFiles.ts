import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '../errors.js';

// Dependencies and build output: compiled only when something imports them.
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'lib', 'out', 'cache', '.git']);

function walk(root: string, directory: string, found: string[]): void {
  const entries = readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const absolute = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(root, absolute, found);
    } else if (entry.isFile() && entry.name.endsWith('.sol')) {
      found.push(unitName(root, absolute));
    }
  }
}

/** solc source unit name: relative to the root, forward slashes. */
export function unitName(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join('/');
}

/** The .sol files named by `paths` (files, or directories searched recursively), as sorted unit names. */
export function findSolidityFiles(root: string, paths: readonly string[]): string[] {
  const found: string[] = [];
  for (const given of paths) {
    const absolute = path.resolve(root, given);
    const relative = path.relative(root, absolute);
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
      throw new ConfigurationError(`Path "${given}" is outside the project root ${root}; pass paths inside it.`);
    }
    let stats;
    try {
      stats = statSync(absolute);
    } catch {
      throw new ConfigurationError(`Path "${given}" does not exist under ${root}.`);
    }
    if (stats.isDirectory()) walk(root, absolute, found);
    else if (absolute.endsWith('.sol')) found.push(unitName(root, absolute));
    else throw new ConfigurationError(`Path "${given}" is not a .sol file or a directory.`);
  }
  if (found.length === 0) {
    throw new ConfigurationError(
      `No Solidity files found in ${paths.length === 0 ? '(no paths given)' : paths.map((p) => `"${p}"`).join(', ')} under ${root}. ` +
        'Pass .sol files or directories containing them (node_modules, lib, out and cache are skipped).',
    );
  }
  return [...new Set(found)].sort();
}
