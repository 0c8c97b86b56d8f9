import type { SolcError } from './diagnostics.js';

/** The slice of solc's standard-JSON output that Lookout reads (see `outputSelection`). */
export interface SolcOutput {
  errors?: SolcError[];
  sources?: Record<string, { id: number; ast: SolcAstNode }>;
  contracts?: Record<string, Record<string, SolcContractOutput>>;
}

export interface SolcAstNode {
  nodeType: string;
  id: number;
  name?: string;
  contractKind?: 'contract' | 'interface' | 'library';
  abstract?: boolean;
  linearizedBaseContracts?: number[];
  nodes?: SolcAstNode[];
}

export interface SolcBytecodeOutput {
  object: string;
  sourceMap: string;
  linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
  generatedSources?: { id: number; name: string; contents: string }[];
  immutableReferences?: Record<string, { start: number; length: number }[]>;
}

export interface SolcContractOutput {
  abi: unknown[];
  evm: { bytecode: SolcBytecodeOutput; deployedBytecode: SolcBytecodeOutput };
  storageLayout?: {
    storage: { label: string; slot: string; offset: number; type: string }[];
    types: Record<string, { label: string }> | null;
  };
}
