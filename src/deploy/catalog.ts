import { toFunctionSelector, type AbiParameter } from 'viem';
import { contractId, type CompiledContract, type ContractId, type LinkReference } from '../compile/index.js';

/**
 * The compiled project's contracts, looked up the ways deployment needs: by id, by the name a
 * configuration writes (`Name` or `path/File.sol:Name`), by link reference, and by the interface a
 * constructor parameter is typed with.
 */
export class ContractCatalog {
  private readonly byIdMap = new Map<ContractId, CompiledContract>();
  private readonly selectors = new Map<ContractId, ReadonlySet<string>>();

  constructor(readonly contracts: readonly CompiledContract[]) {
    for (const contract of contracts) this.byIdMap.set(contract.id, contract);
  }

  byId(id: ContractId): CompiledContract | undefined {
    return this.byIdMap.get(id);
  }

  /** Contracts a configuration reference may mean: one, several (an ambiguous name), or none. */
  named(ref: string): CompiledContract[] {
    const byId = this.byIdMap.get(ref as ContractId);
    if (byId) return [byId];
    return this.contracts.filter((c) => c.name === ref);
  }

  library(reference: LinkReference): CompiledContract | undefined {
    const library = this.byIdMap.get(contractId(reference.file, reference.library));
    return library?.kind === 'library' ? library : undefined;
  }

  /**
   * Concrete contracts that can stand for a parameter typed `contract X`: X itself when concrete,
   * then contracts inheriting X, then any whose functions are a superset of X's (when X has any); project order
   * within each rank. Undefined when X is not a contract of this build (only an address can go there).
   */
  implementers(typeName: string): CompiledContract[] | undefined {
    const declared = this.contracts.filter((c) => c.name === typeName);
    if (declared.length === 0) return undefined;
    const required = new Set(declared.flatMap((c) => [...this.selectorsOf(c)]));
    const rank = (c: CompiledContract): number => {
      if (c.name === typeName) return 0;
      if (c.bases.includes(typeName)) return 1;
      // Every contract has all functions of one without any: only inheritance says it is one.
      return required.size > 0 && [...required].every((s) => this.selectorsOf(c).has(s)) ? 2 : 3;
    };
    return this.contracts
      .filter((c) => isDeployable(c))
      .map((c, order) => ({ c, order, rank: rank(c) }))
      .filter((entry) => entry.rank < 3)
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map((entry) => entry.c);
  }

  private selectorsOf(contract: CompiledContract): ReadonlySet<string> {
    let selectors = this.selectors.get(contract.id);
    if (selectors === undefined) {
      selectors = new Set(contract.abi.flatMap((item) => (item.type === 'function' ? [toFunctionSelector(item)] : [])));
      this.selectors.set(contract.id, selectors);
    }
    return selectors;
  }
}

/** A contract with creation code of its own (libraries are deployed only to be linked). */
export function isDeployable(contract: CompiledContract): boolean {
  return contract.kind === 'contract' && contract.creation.bytecode.length > 0;
}

/** `X` when a parameter (or its array element) is typed `contract X` (interfaces included). */
export function contractTypeName(param: AbiParameter): string | undefined {
  const internal = (param as { internalType?: string }).internalType;
  return internal === undefined ? undefined : /^contract ([A-Za-z_$][\w$]*)(?:\[\d*\])*$/.exec(internal)?.[1];
}

/** Every contract type a parameter list names, tuples and arrays included, in order. */
export function contractTypeNames(params: readonly AbiParameter[]): string[] {
  const names: string[] = [];
  const visit = (param: AbiParameter): void => {
    const name = contractTypeName(param);
    if (name !== undefined && !names.includes(name)) names.push(name);
    for (const component of (param as { components?: readonly AbiParameter[] }).components ?? []) visit(component);
  };
  params.forEach(visit);
  return names;
}

/** A contract's constructor as deployment needs it (no constructor: no parameters, not payable). */
export function constructorOf(contract: CompiledContract): { params: readonly AbiParameter[]; payable: boolean } {
  const constructor = contract.abi.find((item) => item.type === 'constructor');
  return { params: constructor?.inputs ?? [], payable: constructor?.stateMutability === 'payable' };
}
