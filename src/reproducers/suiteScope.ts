import type { CompiledContract, CompiledProject, SolcAstNode } from '../compile/index.js';

/** The parts of a contract's members the scope reads. */
interface MemberNode extends SolcAstNode {
  visibility?: string;
  stateVariable?: boolean;
}

/** What a reproducer inheriting a test contract may use of it. */
export interface ReproducerScope {
  /** A `vm` it inherits (forge-std's `Test`); DSTest-only suites (old forge-std's `InvariantTest`) have none. */
  declaresVm: boolean;
  /** Its functions declared `external`: the reproducer calls them as `this.f()` (solc refuses `f()`). */
  externalFunctions: string[];
  /** Its state variables that are not `private`: the reproducer can read them. */
  inheritedVariables: string[];
}

/** The test contract's scope, read from the ASTs of it and its bases (most derived first, as solc linearizes them). */
export function suiteScope(build: Pick<CompiledProject, 'asts'>, contract: Pick<CompiledContract, 'name' | 'bases'>): ReproducerScope {
  const definitions = definitionsByName(build);
  let declaresVm = false;
  const visibility = new Map<string, string>();
  const inheritedVariables: string[] = [];
  for (const [i, name] of [contract.name, ...contract.bases].entries()) {
    for (const node of (definitions.get(name)?.nodes ?? []) as MemberNode[]) {
      if (node.nodeType === 'VariableDeclaration' && node.stateVariable !== false && node.name && node.visibility !== 'private')
        inheritedVariables.push(node.name);
      if (node.nodeType === 'VariableDeclaration' && node.stateVariable !== false && node.name === 'vm' && (i === 0 || node.visibility !== 'private'))
        declaresVm = true;
      // The most derived definition (an override) decides how the function can be called.
      if (node.nodeType === 'FunctionDefinition' && node.name && !visibility.has(node.name)) visibility.set(node.name, node.visibility ?? 'public');
    }
  }
  return { declaresVm, externalFunctions: [...visibility].filter(([, v]) => v === 'external').map(([name]) => name), inheritedVariables };
}

function definitionsByName(build: Pick<CompiledProject, 'asts'>): Map<string, SolcAstNode> {
  const found = new Map<string, SolcAstNode>();
  for (const unit of Object.values(build.asts) as SolcAstNode[]) {
    for (const node of unit?.nodes ?? []) if (node.nodeType === 'ContractDefinition' && node.name && !found.has(node.name)) found.set(node.name, node);
  }
  return found;
}
