import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importCandidates, importDirectives } from '../imports.js';
import type { Remapping } from '../remappings.js';
import { pragmaRange } from './pragma.js';
import type { ImportGraph, SourceNode, UnresolvedImport } from './types.js';

/** A source's text by unit name, or undefined when no such file exists. */
export type SourceReader = (unit: string) => string | undefined;

/**
 * The import graph from `entries` down, resolving each import as the import resolver does (the first
 * existing candidate of `importCandidates`). An import no file answers is listed in `unresolved`,
 * not thrown: one broken file must not stop the rest of the project from being built.
 */
export function importGraph(entries: readonly string[], remappings: readonly Remapping[], read: SourceReader): ImportGraph {
  const nodes = new Map<string, SourceNode>();
  const unresolved: UnresolvedImport[] = [];
  const contents = new Map<string, string | undefined>();
  const cachedRead = (unit: string): string | undefined => {
    if (!contents.has(unit)) contents.set(unit, read(unit));
    return contents.get(unit);
  };
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (nodes.has(file)) continue;
    const source = cachedRead(file) ?? '';
    const imports: string[] = [];
    for (const directive of importDirectives(source)) {
      const tried = importCandidates(remappings, file, directive.path);
      const found = tried.find((c) => !c.startsWith('../') && cachedRead(c) !== undefined);
      if (found === undefined) {
        unresolved.push({ file, path: directive.path, line: directive.line, column: directive.column, tried });
      } else if (!imports.includes(found)) {
        imports.push(found);
        queue.push(found);
      }
    }
    const pragma = pragmaRange(source);
    nodes.set(file, pragma === undefined ? { imports } : { imports, pragma });
  }
  return { entries: [...entries], nodes, unresolved };
}

/** Reads sources from the project folder `root`. */
export function fileReader(root: string): SourceReader {
  return (unit) => {
    const absolute = path.join(root, unit);
    try {
      return statSync(absolute).isFile() ? readFileSync(absolute, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The import graph of the project at `root` from `entries` (unit names) down. */
export function buildImportGraph(root: string, entries: readonly string[], remappings: readonly Remapping[]): ImportGraph {
  return importGraph(entries, remappings, fileReader(root));
}

/** `files` and everything they import, transitively, in a stable order (`files` first, then as reached). */
export function importClosure(graph: ImportGraph, files: Iterable<string>): string[] {
  const seen = new Set<string>();
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(graph.nodes.get(file)?.imports ?? []));
  }
  return [...seen];
}
