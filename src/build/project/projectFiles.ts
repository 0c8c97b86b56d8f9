import { readdirSync } from 'node:fs';
import path from 'node:path';
import { unitName } from '../sourceFiles.js';
import type { ProjectSettings } from './types.js';

// Dependencies and build output wherever they are; forge's `out` and `cache` at the root.
const NEVER_SEARCHED = new Set(['node_modules']);
const ROOT_OUTPUT = ['out', 'cache'];

/**
 * Every .sol file of the project as sorted unit names: src, test, script and any other folder, but
 * not the library folders (`libs`), node_modules, build output or hidden folders.
 */
export function projectSolidityFiles(settings: Pick<ProjectSettings, 'root' | 'libs'>): string[] {
  const { root } = settings;
  const skipped = new Set([...settings.libs, ...ROOT_OUTPUT].map((folder) => path.resolve(root, folder)));
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const absolute = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !NEVER_SEARCHED.has(entry.name) && !skipped.has(absolute)) walk(absolute);
      } else if (entry.isFile() && entry.name.endsWith('.sol')) {
        found.push(unitName(root, absolute));
      }
    }
  };
  walk(root);
  return found.sort();
}
