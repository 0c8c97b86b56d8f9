import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '../errors.js';

/** One `[context:]prefix=target` import remapping, as solc and Foundry write them. */
export interface Remapping {
  /** Only imports from source units starting with this apply ('' = all). */
  context: string;
  prefix: string;
  target: string;
}

export function parseRemapping(text: string, origin: string): Remapping {
  const eq = text.indexOf('=');
  const left = text.slice(0, Math.max(eq, 0));
  const colon = left.indexOf(':');
  const prefix = colon >= 0 ? left.slice(colon + 1) : left;
  if (eq < 0 || prefix.trim() === '' || text.slice(eq + 1).trim() === '') {
    throw new ConfigurationError(`Invalid remapping "${text}" in ${origin}: expected "prefix=target" (optionally "context:prefix=target").`);
  }
  return { context: colon >= 0 ? left.slice(0, colon) : '', prefix, target: text.slice(eq + 1) };
}

/** As solc and forge write it: `[context:]prefix=target`. */
export function formatRemapping(remapping: Remapping): string {
  return `${remapping.context === '' ? '' : `${remapping.context}:`}${remapping.prefix}=${remapping.target}`;
}

/** The remappings in a `remappings.txt`-style text: one a line, blank lines and `#` comments skipped. */
export function parseRemappingLines(text: string, origin: string): Remapping[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => parseRemapping(line, origin));
}

/** `remappings.txt` at the root (if any) followed by `extra`; later entries win over earlier ones with the same prefix. */
export function readRemappings(root: string, extra: readonly string[] = []): Remapping[] {
  const file = path.join(root, 'remappings.txt');
  const fromFile = existsSync(file) ? parseRemappingLines(readFileSync(file, 'utf8'), 'remappings.txt') : [];
  return [...fromFile, ...extra.map((r) => parseRemapping(r.trim(), 'the configured remappings'))];
}

/**
 * Applies the remapping solc would choose: longest context, then longest prefix, then the last
 * one given. Returns undefined when none matches.
 */
export function applyRemappings(remappings: readonly Remapping[], importer: string, importPath: string): string | undefined {
  let best: Remapping | undefined;
  for (const r of remappings) {
    if (!importer.startsWith(r.context) || !importPath.startsWith(r.prefix)) continue;
    if (best === undefined || r.context.length > best.context.length || (r.context.length === best.context.length && r.prefix.length >= best.prefix.length)) {
      best = r;
    }
  }
  return best && best.target + importPath.slice(best.prefix.length);
}
