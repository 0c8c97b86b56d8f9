import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * forge's source folder when foundry.toml names none: `src`, or `contracts` (Hardhat's layout) when
 * only that exists.
 */
export function defaultSrc(root: string): string {
  return !existsSync(path.join(root, 'src')) && existsSync(path.join(root, 'contracts')) ? 'contracts' : 'src';
}

/** forge's library folders when foundry.toml names none: those of `lib` and `node_modules` that exist, else `lib`. */
export function defaultLibs(root: string): string[] {
  const present = ['lib', 'node_modules'].filter((lib) => existsSync(path.join(root, lib)));
  return present.length > 0 ? present : ['lib'];
}
