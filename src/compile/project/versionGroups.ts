import semver from 'semver';
import { importClosure } from './importGraph.js';
import type { AvailableCompilers, ImportGraph, UnsatisfiableFile, VersionGroup, VersionGrouping } from './types.js';

/** Versions known to satisfy each pragma, computed once per distinct range. */
class VersionTable {
  readonly versions: string[];
  private readonly installed: Set<string>;
  private readonly byRange = new Map<string, Set<string>>();

  constructor(available: AvailableCompilers) {
    // Offline (no release list) only installed compilers count, as with forge's `offline`.
    const all = [...available.installed, ...(available.released ?? [])].filter((v) => semver.valid(v) !== null);
    this.versions = [...new Set(all)].sort(semver.compare);
    this.installed = new Set(available.installed);
  }

  satisfying(range: string | undefined): Set<string> {
    if (range === undefined) return new Set(this.versions);
    let set = this.byRange.get(range);
    if (set === undefined) {
      set = new Set(this.versions.filter((v) => semver.satisfies(v, range)));
      this.byRange.set(range, set);
    }
    return set;
  }

  /** forge's pick: the newest installed candidate, else the newest. */
  best(candidates: readonly string[]): string {
    return [...candidates].reverse().find((v) => this.installed.has(v)) ?? candidates[candidates.length - 1];
  }

  describe(): string {
    const v = this.versions;
    if (v.length === 0) return 'no compiler versions are available';
    return `available: ${v.length <= 6 ? v.join(', ') : `${v.length} versions, ${v[0]} to ${v[v.length - 1]}`}`;
  }
}

const pragmaText = (range: string | undefined): string => `pragma solidity ${range ?? '(none)'}`;

function whose(entry: string, file: string): string {
  return file === entry ? `${entry} has` : `${entry} imports ${file}, which has`;
}

/** Why no version satisfies `entry` and all it imports: the one pragma none satisfies, or two that exclude each other. */
function conflictMessage(entry: string, closure: readonly string[], graph: ImportGraph, table: VersionTable): string {
  if (table.versions.length === 0) return `No solc version is available to compile ${entry}: install one, or allow downloads.`;
  const constrained = closure.filter((f) => graph.nodes.get(f)?.pragma !== undefined);
  const range = (file: string): string | undefined => graph.nodes.get(file)?.pragma;
  const alone = constrained.find((f) => table.satisfying(range(f)).size === 0);
  if (alone !== undefined) {
    return `${whose(entry, alone)} ${pragmaText(range(alone))}, which no solc version satisfies (${table.describe()}). Install or allow a version it accepts, or change the pragma.`;
  }
  for (const [i, a] of constrained.entries()) {
    const inA = table.satisfying(range(a));
    const b = constrained.slice(0, i).find((other) => ![...table.satisfying(range(other))].some((v) => inA.has(v)));
    if (b !== undefined) {
      return `Conflicting pragmas in the import graph of ${entry}: ${b} has ${pragmaText(range(b))} and ${a} has ${pragmaText(range(a))}; no solc version satisfies both. Align the pragmas of these files.`;
    }
  }
  const all = constrained.map((f) => `${f} (${pragmaText(range(f))})`).join(', ');
  return `No solc version satisfies every pragma in the import graph of ${entry}: ${all}. Align the pragmas of these files.`;
}

function pinnedMessage(entry: string, file: string, range: string | undefined, pinned: string): string {
  return (
    `${whose(entry, file)} ${pragmaText(range)}, which the pinned solc ${pinned} does not satisfy. ` +
    'Change `solc` in foundry.toml (or FOUNDRY_SOLC_VERSION) to a version every pragma allows, or change the pragma.'
  );
}

/** forge's reconciliation when entries chose different versions: one version all accept, else as few as it can. */
function reconcile(candidates: ReadonlyMap<string, string[]>, table: VersionTable): Map<string, string> {
  const lists = [...candidates.values()];
  const common = lists.reduce((acc, list) => acc.filter((v) => list.includes(v)));
  if (common.length > 0) {
    const version = table.best(common);
    return new Map([...candidates.keys()].map((entry) => [entry, version]));
  }
  const chosen = new Map<string, string>();
  const used = new Set<string>();
  for (const [entry, list] of candidates) {
    const version = [...list].reverse().find((v) => used.has(v)) ?? table.best(list);
    used.add(version);
    chosen.set(entry, version);
  }
  return chosen;
}

function groupsOf(chosen: ReadonlyMap<string, string>, graph: ImportGraph): VersionGroup[] {
  const byVersion = new Map<string, string[]>();
  for (const [entry, version] of chosen) byVersion.set(version, [...(byVersion.get(version) ?? []), entry]);
  return [...byVersion.entries()]
    .sort(([a], [b]) => semver.compare(a, b))
    .map(([version, entries]) => ({ version, entries, files: importClosure(graph, entries).sort() }));
}

/**
 * Compiler versions for `entries` (default: the graph's), as forge's auto-detection picks them: each
 * entry needs a version satisfying its own pragma and every pragma it imports, transitively; the newest
 * installed such version, else the newest released. When entries disagree, one version they all accept
 * if there is one, else as few versions as the greedy pass finds. A pinned version is used for all;
 * an entry whose graph it does not satisfy is unsatisfiable. Imports shared by several groups are
 * compiled in each. Groups are ordered by version, their files by name.
 */
export function groupByVersion(
  graph: ImportGraph,
  available: AvailableCompilers,
  pinned?: string,
  entries: readonly string[] = graph.entries,
): VersionGrouping {
  const table = new VersionTable(available);
  const unsatisfiable: UnsatisfiableFile[] = [];
  const candidates = new Map<string, string[]>();
  for (const entry of [...new Set(entries)].sort()) {
    const closure = importClosure(graph, [entry]);
    if (pinned !== undefined) {
      const failing = closure.find((f) => {
        const range = graph.nodes.get(f)?.pragma;
        return range !== undefined && !semver.satisfies(pinned, range);
      });
      if (failing === undefined) candidates.set(entry, [pinned]);
      else unsatisfiable.push({ file: entry, message: pinnedMessage(entry, failing, graph.nodes.get(failing)?.pragma, pinned) });
      continue;
    }
    const sets = closure.map((f) => table.satisfying(graph.nodes.get(f)?.pragma));
    const list = table.versions.filter((v) => sets.every((s) => s.has(v)));
    if (list.length > 0) candidates.set(entry, list);
    else unsatisfiable.push({ file: entry, message: conflictMessage(entry, closure, graph, table) });
  }
  const first = new Map([...candidates].map(([entry, list]) => [entry, table.best(list)]));
  const chosen = new Set(first.values()).size > 1 ? reconcile(candidates, table) : first;
  return { groups: groupsOf(chosen, graph), unsatisfiable };
}
