import type { SolcError } from './diagnostics.js';

/** The parts of solc-js Lookout calls. */
interface Solc {
  version(): string;
  compile(input: string): string;
}

export interface StandardJsonSettings {
  evmVersion: string;
  optimizer: { enabled: boolean; runs: number };
  remappings: string[];
}

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

const CODE_OUTPUTS = ['object', 'sourceMap', 'linkReferences', 'generatedSources'];

// Loading soljson takes ~0.5 s and ~100 MB, so it happens once per process and only when needed.
let loaded: Promise<Solc> | undefined;

function loadSolc(): Promise<Solc> {
  // soljson reads the CommonJS `__dirname`, which an ESM bundle (dist/) does not define.
  (globalThis as { __dirname?: string }).__dirname ??= import.meta.dirname ?? '.';
  loaded ??= import('solc').then((module) => module.default as Solc);
  return loaded;
}

export async function solcVersion(): Promise<string> {
  return (await loadSolc()).version();
}

/** One standard-JSON compilation of every source. */
export async function compileStandardJson(sources: ReadonlyMap<string, string>, settings: StandardJsonSettings): Promise<SolcOutput> {
  const solc = await loadSolc();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries([...sources].map(([unit, content]) => [unit, { content }])),
    settings: {
      evmVersion: settings.evmVersion,
      optimizer: settings.optimizer,
      remappings: settings.remappings,
      outputSelection: {
        '*': {
          '': ['ast'],
          '*': [
            'abi',
            'storageLayout',
            ...CODE_OUTPUTS.map((o) => `evm.bytecode.${o}`),
            ...CODE_OUTPUTS.map((o) => `evm.deployedBytecode.${o}`),
            'evm.deployedBytecode.immutableReferences',
          ],
        },
      },
    },
  };
  return JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
}
