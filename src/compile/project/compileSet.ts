import { importClosure } from './importGraph.js';
import type { ImportGraph } from './types.js';

/** Foundry tests and scripts: run by forge, not deployed by Lookout (yet). */
export function isTestOrScript(file: string): boolean {
  return file.endsWith('.t.sol') || file.endsWith('.s.sol');
}

export interface CompileSetInput {
  /** Every .sol file of the project, libraries excluded (see `projectSolidityFiles`). */
  projectFiles: readonly string[];
  /** An import graph holding at least the project files. */
  graph: ImportGraph;
  /** Files the change touches; deleted (not in the graph), non-Solidity, test and script files are ignored. */
  changed: readonly string[];
}

/** Everything that imports one of `files`, directly or through other files. */
function importersOf(graph: ImportGraph, files: Iterable<string>): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [file, node] of graph.nodes) {
    for (const imported of node.imports) importers.set(imported, [...(importers.get(imported) ?? []), file]);
  }
  const found = new Set<string>();
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const importer of importers.get(file) ?? []) {
      if (!found.has(importer)) {
        found.add(importer);
        queue.push(importer);
      }
    }
  }
  return found;
}

/**
 * The entry files to compile for a change, sorted: the changed files and the project files they
 * import, and every project file that imports (transitively) anything in that closure — the mocks,
 * harnesses and implementations that inherit changed code, and the contracts that can be deployed
 * for a changed contract's dependencies (a mock token for a vault taking an IERC20). Files under test
 * folders that are not tests stay (`test/utils/mocks/…`, solmate's `src/test/utils/…`); Foundry tests
 * (`*.t.sol`) and scripts (`*.s.sol`) do not. Library files reach the compiler as imports of these.
 */
export function sourcesToCompile(input: CompileSetInput): string[] {
  const { graph } = input;
  const changed = input.changed.filter((f) => f.endsWith('.sol') && graph.nodes.has(f) && !isTestOrScript(f));
  const closure = importClosure(graph, changed);
  const project = new Set(input.projectFiles);
  const selected = new Set(changed);
  for (const file of [...closure, ...importersOf(graph, closure)]) {
    if (project.has(file)) selected.add(file);
  }
  return [...selected].filter((f) => !isTestOrScript(f)).sort();
}

/**
 * The Foundry test files a change reaches, sorted: `*.t.sol` files and files under the test folder
 * (not scripts) that import a changed file, directly or through other files. Their test contracts'
 * `setUp()` may deploy the changed code.
 */
export function testsReaching(input: CompileSetInput & { testFolder: string }): string[] {
  const changed = input.changed.filter((f) => f.endsWith('.sol') && input.graph.nodes.has(f));
  const project = new Set(input.projectFiles);
  const isTest = (f: string) => f.endsWith('.t.sol') || (f.startsWith(`${input.testFolder}/`) && !f.endsWith('.s.sol'));
  return [...importersOf(input.graph, changed)].filter((f) => project.has(f) && isTest(f)).sort();
}
