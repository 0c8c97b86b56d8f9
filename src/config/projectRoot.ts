import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files that mark a project root, strongest first. */
const ROOT_MARKERS = ['foundry.toml', 'remappings.txt', 'package.json'] as const;

function ancestors(directory: string): string[] {
  const list = [directory];
  for (let parent = path.dirname(directory); parent !== list[list.length - 1]; parent = path.dirname(parent)) {
    list.push(parent);
  }
  return list;
}

function startDirectory(start: string): string {
  const absolute = path.resolve(start);
  try {
    return statSync(absolute).isDirectory() ? absolute : path.dirname(absolute);
  } catch {
    // A path that does not exist (yet): judge by its name.
    return absolute.endsWith('.sol') ? path.dirname(absolute) : absolute;
  }
}

/**
 * The project root for `start` (a file or folder): the nearest folder at or above it holding
 * `foundry.toml`; if none, the nearest holding `remappings.txt`, then `package.json`; then the git
 * work tree's top; else the start folder. As forge does, the search stops at the git work tree's top,
 * so a foundry.toml in a folder above the repository never claims it. A marker is looked for in every
 * ancestor before the next one is tried: a remappings.txt higher up beats a package.json lower down.
 */
export function findProjectRoot(start: string): string {
  const directory = startDirectory(start);
  const all = ancestors(directory);
  const gitTop = all.find((d) => existsSync(path.join(d, '.git')));
  const inRepository = gitTop === undefined ? all : all.slice(0, all.indexOf(gitTop) + 1);
  for (const marker of ROOT_MARKERS) {
    const found = inRepository.find((d) => existsSync(path.join(d, marker)));
    if (found !== undefined) return found;
  }
  return gitTop ?? directory;
}
