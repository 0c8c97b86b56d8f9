import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Remapping } from '../remappings.js';
import { unitName } from '../sourceFiles.js';

// Folders whose children are packages of their own ("barriers" between two packages' windows).
const PACKAGE_FOLDERS = new Set(['lib']);
// Never searched, as in forge: a package's tests and demos are not what its importers import.
const NOT_SEARCHED = new Set(['test', 'tests', 'demo', 'node_modules']);
const SOURCE_FOLDERS = new Set(['src', 'contracts']);

/** One package folder and the folders inside it (not in its nested packages) that hold .sol files directly. */
interface PackageWindow {
  directory: string;
  solidityFolders: string[];
}

function isDirectory(absolute: string, entry: Dirent): boolean {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return statSync(absolute).isDirectory();
  } catch {
    return false;
  }
}

function visibleEntries(directory: string): Dirent[] {
  try {
    return readdirSync(directory, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.'))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch {
    return [];
  }
}

function isInside(folder: string, file: string): boolean {
  return file === folder || file.startsWith(folder + path.sep);
}

function commonAncestor(folders: readonly string[]): string {
  return folders.reduce((common, folder) => {
    let result = common;
    while (!isInside(result, folder)) result = path.dirname(result);
    return result;
  });
}

/**
 * The folder a package's remapping points at, by forge's rules: its `src` when that holds Solidity;
 * else the one folder holding it all — kept when it is the package itself or a `src`/`contracts`
 * folder (a `contracts` or `contracts/src` folder deeper than one level gives the package itself, as
 * for Chainlink's `contracts/src/v0.8`),
 * otherwise the nearest `src`/`contracts` folder above it inside the package, else the package.
 */
function remappedFolder(window: PackageWindow): string | undefined {
  const { directory, solidityFolders } = window;
  if (solidityFolders.length === 0) return undefined;
  const src = path.join(directory, 'src');
  if (solidityFolders.some((f) => isInside(src, f))) return src;
  const common = commonAncestor(solidityFolders);
  if (common === directory) return directory;
  const depth = path.relative(directory, common).split(path.sep).length;
  const jsLayout = path.basename(common) === 'contracts' || common.endsWith(`${path.sep}contracts${path.sep}src`);
  if (jsLayout && depth > 1) return directory;
  for (let folder = common; folder !== directory; folder = path.dirname(folder)) {
    if (SOURCE_FOLDERS.has(path.basename(folder))) return folder;
  }
  return directory;
}

class Detector {
  readonly found: Remapping[] = [];
  private readonly visited = new Set<string>();

  constructor(private readonly root: string) {}

  /** Each child folder of `folder` is a package. */
  packagesIn(folder: string): void {
    for (const entry of visibleEntries(folder)) {
      const absolute = path.join(folder, entry.name);
      if (isDirectory(absolute, entry)) this.package(absolute);
    }
  }

  private package(directory: string): void {
    const window: PackageWindow = { directory, solidityFolders: [] };
    this.search(directory, window);
    const target = remappedFolder(window);
    if (target !== undefined) {
      this.found.push({ context: '', prefix: `${path.basename(directory)}/`, target: `${unitName(this.root, target)}/` });
    }
  }

  private search(directory: string, window: PackageWindow): void {
    const real = realpathSync(directory);
    if (this.visited.has(real)) return; // symlink loops, pnpm-style shared folders
    this.visited.add(real);
    let holdsSolidity = false;
    for (const entry of visibleEntries(directory)) {
      const absolute = path.join(directory, entry.name);
      if (isDirectory(absolute, entry)) {
        if (PACKAGE_FOLDERS.has(entry.name)) this.packagesIn(absolute);
        else if (!NOT_SEARCHED.has(entry.name)) this.search(absolute, window);
      } else if (entry.name.endsWith('.sol')) {
        holdsSolidity = true;
      }
    }
    if (holdsSolidity) window.solidityFolders.push(directory);
  }
}

/**
 * forge's auto-detected remappings for the packages in a library folder (`lib`): one
 * `<package>/=<its source folder>/` per package, and the same for packages nested in their own `lib`
 * folders (`lib/forge-std/lib/ds-test/src` gives `ds-test/=…`). Several packages of one name all
 * appear; the caller picks one. node_modules is not searched: the import resolver looks there itself.
 */
export function detectRemappings(root: string, libraryFolder: string): Remapping[] {
  const detector = new Detector(root);
  detector.packagesIn(path.resolve(root, libraryFolder));
  return detector.found;
}
