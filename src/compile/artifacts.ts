import { type Abi, hexToBytes } from 'viem';
import { contractId, type CompiledCode, type CompiledContract, type ContractKind, type LinkReference, type SourceFile, type StorageVariable } from './types.js';
import type { SolcAstNode, SolcBytecodeOutput, SolcContractOutput, SolcOutput } from './solc.js';

// Unlinked library addresses appear as `__$<34 hex>$__`, 40 characters standing for 20 bytes.
const LINK_PLACEHOLDER = /__\$[0-9a-fA-F]{34}\$__/g;

export function decodeBytecode(object: string): Uint8Array {
  if (object === '') return new Uint8Array(0);
  return hexToBytes(`0x${object.replace(LINK_PLACEHOLDER, '0'.repeat(40))}`);
}

function compiledCode(output: SolcBytecodeOutput): CompiledCode {
  const linkReferences: LinkReference[] = Object.entries(output.linkReferences ?? {}).flatMap(([file, libraries]) =>
    Object.entries(libraries).map(([library, ranges]) => ({ file, library, offsets: ranges.map((r) => r.start) })),
  );
  return {
    bytecode: decodeBytecode(output.object),
    sourceMap: output.sourceMap ?? '',
    generatedSources: (output.generatedSources ?? []).map((g) => ({ id: g.id, name: g.name, contents: g.contents })),
    linkReferences,
    immutableReferences: output.immutableReferences ?? {},
  };
}

function contractKind(node: SolcAstNode): ContractKind {
  if (node.contractKind === 'interface' || node.contractKind === 'library') return node.contractKind;
  return node.abstract ? 'abstract' : 'contract';
}

function storageLayout(output: SolcContractOutput): StorageVariable[] {
  const layout = output.storageLayout;
  if (!layout) return [];
  return layout.storage.map((v) => ({
    label: v.label,
    slot: BigInt(v.slot),
    offset: v.offset,
    type: layout.types?.[v.type]?.label ?? v.type,
  }));
}

function contractDefinitions(ast: SolcAstNode): SolcAstNode[] {
  return (ast.nodes ?? []).filter((n) => n.nodeType === 'ContractDefinition');
}

/** The compilation's sources, indexed by the ids its source maps use. */
export function compiledSources(output: SolcOutput, contents: ReadonlyMap<string, string>): SourceFile[] {
  return Object.entries(output.sources ?? {})
    .map(([unit, s]) => ({ path: unit, id: s.id, content: contents.get(unit) ?? '' }))
    .sort((a, b) => a.id - b.id);
}

/** Every contract of one compilation's output, in source id order then declaration order. */
export function compiledContracts(output: SolcOutput, sources: readonly SourceFile[], compilerVersion: string): CompiledContract[] {
  const units = Object.entries(output.sources ?? {}).sort(([, a], [, b]) => a.id - b.id);
  const namesById = new Map<number, string>();
  for (const [, unit] of units) for (const c of contractDefinitions(unit.ast)) namesById.set(c.id, c.name ?? '');

  const contracts: CompiledContract[] = [];
  for (const [file, unit] of units) {
    for (const definition of contractDefinitions(unit.ast)) {
      const name = definition.name ?? '';
      const output = outputOf(file, name);
      contracts.push({
        id: contractId(file, name),
        file,
        name,
        kind: contractKind(definition),
        astId: definition.id,
        abi: output.abi as Abi,
        creation: compiledCode(output.evm.bytecode),
        deployed: compiledCode(output.evm.deployedBytecode),
        storageLayout: storageLayout(output),
        // The linearization starts with the contract itself.
        bases: (definition.linearizedBaseContracts ?? []).slice(1).map((id) => namesById.get(id) ?? `#${id}`),
        sources,
        compilerVersion,
      });
    }
  }
  return contracts;

  function outputOf(file: string, name: string): SolcContractOutput {
    const found = output.contracts?.[file]?.[name];
    if (!found) throw new Error(`solc returned an AST for ${file}:${name} but no contract output`);
    return found;
  }
}
