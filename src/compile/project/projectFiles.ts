import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { unitName } from '../sourceFiles.js';
import type { ProjectSettings } from './types.js';

// Dependencies and build output wherever they are; forge's `out` and `cache` at the root.
const NEVER_SEARCHED = new Set(['node_modules']);
const ROOT_OUTPUT = ['out', 'cache'];

/**
 * The folder a run writes its reproducers into while it checks them, removed afterwards. Another
 * run in the same project (parallel jobs, benches) must neither build those files nor fail when the
 * folder goes away under its walk.
 */
export const REPRODUCER_FOLDER_PREFIX = 'lookout-reproducer-';

/**
 * Every .sol file of the project as sorted unit names: src, test, script and any other folder, but
 * not the library folders (`libs`), node_modules, build output, hidden folders, reproducer folders
 * or the folders Lookout writes its outputs into (`excluded`).
 */
export function projectSolidityFiles(settings: Pick<ProjectSettings, 'root' | 'libs' | 'excluded'>): string[] {
  const { root } = settings;
  const skipped = new Set([...settings.libs, ...ROOT_OUTPUT, ...(settings.excluded ?? [])].map((folder) => path.resolve(root, folder)));
  const searched = (name: string, absolute: string) =>
    !name.startsWith('.') && !name.startsWith(REPRODUCER_FOLDER_PREFIX) && !NEVER_SEARCHED.has(name) && !skipped.has(absolute);
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of entriesOf(directory, directory === root)) {
      const absolute = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (searched(entry.name, absolute)) walk(absolute);
      } else if (entry.isFile() && entry.name.endsWith('.sol')) {
        found.push(unitName(root, absolute));
      }
    }
  };
  walk(root);
  return found.sort();
}

/** A folder's entries; none when a folder below the root was removed since it was listed. */
function entriesOf(directory: string, isRoot: boolean): Dirent[] {
  try {
    return readdirSync(directory, { withFileTypes: true });
  } catch (error) {
    if (!isRoot && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
