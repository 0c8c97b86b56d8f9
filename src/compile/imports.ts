import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BuildError, type BuildDiagnostic } from '../errors.js';
import { applyRemappings, type Remapping } from './remappings.js';

/** One `import` directive as written in a source file. */
export interface ImportDirective {
  path: string;
  /** 1-based position of the directive, for error messages. */
  line: number;
  column: number;
}

/** Every source the entry files need, keyed by source unit name, plus the remappings that make solc use those names. */
export interface SourceClosure {
  contents: Map<string, string>;
  /** Exact `importer:importPath=unitName` remappings for every non-relative import. */
  solcRemappings: string[];
}

// Comments and string literals are matched (and skipped) too, so an `import` inside them is not taken.
const IMPORT_OR_SKIPPED = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\bimport\s+(?:[^'";]*?\bfrom\s+)?(["'])([^"'\n]+)\1/g;

export function importDirectives(source: string): ImportDirective[] {
  const directives: ImportDirective[] = [];
  for (const match of source.matchAll(IMPORT_OR_SKIPPED)) {
    if (match[2] === undefined) continue;
    const before = source.slice(0, match.index);
    const lineStart = before.lastIndexOf('\n') + 1;
    directives.push({
      path: match[2],
      line: before.split('\n').length,
      column: match.index - lineStart + 1,
    });
  }
  return directives;
}

function isFile(absolute: string): boolean {
  try {
    return statSync(absolute).isFile();
  } catch {
    return false;
  }
}

/** Unit names to try, in order, for an import written `importPath` in `importer`. */
export function importCandidates(remappings: readonly Remapping[], importer: string, importPath: string): string[] {
  if (importPath.startsWith('./') || importPath.startsWith('../')) {
    return [path.posix.normalize(path.posix.join(path.posix.dirname(importer), importPath))];
  }
  const candidates: string[] = [];
  const remapped = applyRemappings(remappings, importer, importPath);
  if (remapped !== undefined) candidates.push(path.posix.normalize(remapped));
  candidates.push(importPath, `node_modules/${importPath}`);
  // Foundry layout without a remapping: `forge-std/Test.sol` lives in `lib/forge-std/src/Test.sol`.
  const slash = importPath.indexOf('/');
  if (slash > 0) {
    const lib = importPath.slice(0, slash);
    const rest = importPath.slice(slash + 1);
    candidates.push(`lib/${lib}/src/${rest}`, `lib/${lib}/${rest}`);
  }
  return [...new Set(candidates)];
}

/**
 * Reads the entry files and, transitively, every file they import. Missing imports are collected
 * and thrown together as one BuildError naming the importing file, the import and what was tried.
 */
export function collectSources(root: string, entries: readonly string[], remappings: readonly Remapping[]): SourceClosure {
  const contents = new Map<string, string>();
  const solcRemappings: string[] = [];
  const missing: BuildDiagnostic[] = [];
  const queue = [...entries];
  for (let unit = queue.shift(); unit !== undefined; unit = queue.shift()) {
    if (contents.has(unit)) continue;
    const source = readFileSync(path.join(root, unit), 'utf8');
    contents.set(unit, source);
    for (const directive of importDirectives(source)) {
      const tried = importCandidates(remappings, unit, directive.path);
      const found = tried.find((c) => !c.startsWith('../') && isFile(path.join(root, c)));
      if (found === undefined) {
        missing.push({
          file: unit,
          line: directive.line,
          column: directive.column,
          message: `cannot find import "${directive.path}" (tried ${tried.join(', ')})`,
        });
        continue;
      }
      const relative = directive.path.startsWith('./') || directive.path.startsWith('../');
      if (!relative && found !== directive.path) solcRemappings.push(`${unit}:${directive.path}=${found}`);
      queue.push(found);
    }
  }
  if (missing.length > 0) {
    const lines = missing.map((d) => `${d.file}:${d.line}:${d.column}: ImportError: ${d.message}`);
    throw new BuildError(`Import resolution failed:\n${lines.join('\n')}`, missing);
  }
  return { contents, solcRemappings };
}
