import type { SolcAstNode, SolcOutput } from '../solc.js';
import type { ForgeCompilation } from './types.js';

/** The parts of a forge build-info file (`_format: ethers-rs-sol-build-info-1`) Lookout reads. */
interface BuildInfo {
  solcVersion: string;
  solcLongVersion?: string;
  input: { sources: Record<string, { content: string }>; settings: Record<string, unknown> };
  output?: SolcOutput;
}

/** A build-info file's text as one compilation; `file` names it in errors. */
export function parseBuildInfo(text: string, file: string): ForgeCompilation {
  const info = JSON.parse(text) as BuildInfo;
  if (info.output === undefined || info.input?.sources === undefined) {
    throw new Error(`${file} holds no standard-JSON input and output; forge older than 1.0 writes them elsewhere`);
  }
  const { outputSelection: _selection, ...settings } = info.input.settings;
  return {
    version: info.solcVersion,
    // forge records the version it took from svm's folder name; the metadata has solc's own word.
    longVersion: metadataVersion(info.output) ?? info.solcLongVersion ?? info.solcVersion,
    source: 'forge',
    settings,
    contents: new Map(Object.entries(info.input.sources).map(([unit, { content }]) => [unit, content])),
    output: info.output,
  };
}

function metadataVersion(output: SolcOutput): string | undefined {
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const contract of Object.values(contracts) as { metadata?: string }[]) {
      if (typeof contract.metadata !== 'string' || contract.metadata === '') continue;
      const version = (JSON.parse(contract.metadata) as { compiler?: { version?: string } }).compiler?.version;
      if (version !== undefined) return version;
    }
  }
  return undefined;
}

/**
 * The compilation without the sources that changed since forge compiled them, nor those importing
 * one that did: with a reused cache, forge recompiles only dirty files into a new build-info and
 * leaves the old one, whose outputs for those files are stale. `undefined` when nothing is current.
 * `current` gives a unit's content now (undefined when the file is gone).
 */
export function currentPart(compilation: ForgeCompilation, current: (unit: string) => string | undefined): ForgeCompilation | undefined {
  const stale = staleUnits(compilation, current);
  if (stale.size === 0) return compilation;
  if (stale.size === compilation.contents.size) return undefined;
  const keep = <T>(record: Record<string, T> | undefined) => record && Object.fromEntries(Object.entries(record).filter(([unit]) => !stale.has(unit)));
  const { errors, sources, contracts } = compilation.output;
  return {
    ...compilation,
    contents: new Map([...compilation.contents].filter(([unit]) => !stale.has(unit))),
    output: {
      errors: errors?.filter((e) => e.sourceLocation === undefined || !stale.has(e.sourceLocation.file)),
      sources: keep(sources),
      contracts: keep(contracts),
    },
  };
}

function staleUnits(compilation: ForgeCompilation, current: (unit: string) => string | undefined): Set<string> {
  const stale = new Set([...compilation.contents].filter(([unit, content]) => current(unit) !== content).map(([unit]) => unit));
  if (stale.size === 0) return stale;
  const imports = new Map(Object.entries(compilation.output.sources ?? {}).map(([unit, { ast }]) => [unit, importedUnits(ast)]));
  // A file whose import changed was compiled against the old import: stale as well, transitively.
  for (let grew = true; grew;) {
    grew = false;
    for (const [unit, imported] of imports) {
      if (!stale.has(unit) && imported.some((i) => stale.has(i))) {
        stale.add(unit);
        grew = true;
      }
    }
  }
  return stale;
}

function importedUnits(ast: SolcAstNode): string[] {
  return (ast.nodes ?? []).filter((node) => node.nodeType === 'ImportDirective').map((node) => (node as SolcAstNode & { absolutePath: string }).absolutePath);
}
