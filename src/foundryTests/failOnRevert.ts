import type { CompiledContract, CompiledProject } from '../compile/index.js';
import type { TestSuite } from './types.js';

/** The project-wide setting (foundry.toml) and the profile whose inline settings apply. */
export interface FailOnRevertSetting {
  failOnRevert: boolean;
  profile: string;
}

interface AstNode {
  nodeType?: string;
  id?: number;
  name?: string;
  kind?: string;
  documentation?: { text?: string } | string | null;
  nodes?: AstNode[];
}

// forge's inline form: `/// forge-config: default.invariant.fail-on-revert = true` (the profile may be left out).
const INLINE = /forge-config:\s*(?:([\w-]+)\.)?invariant\.fail[-_]on[-_]revert\s*=\s*(true|false)\b/;

/**
 * The invariants of `suite` that `fail_on_revert` is on for: all of them when foundry.toml says so,
 * unless an inline `forge-config` on the test contract or on the invariant function (read from the
 * natspec solc keeps in the AST) says otherwise for the default or the active profile. The function's
 * own setting beats the contract's, as in forge.
 */
export function failOnRevertInvariants(build: Pick<CompiledProject, 'asts'>, suite: TestSuite, setting: FailOnRevertSetting): string[] {
  const definition = contractDefinition(build, suite.contract);
  const inline = (node: AstNode | undefined) => inlineSetting(node, setting.profile);
  const contractWide = inline(definition) ?? setting.failOnRevert;
  const functions = definition?.nodes?.filter((n) => n.nodeType === 'FunctionDefinition') ?? [];
  return suite.tests
    .filter((t) => t.kind === 'invariant')
    .flatMap((test) => {
      const own = inline(functions.find((f) => f.name === test.name));
      return (own ?? contractWide) ? [test.name] : [];
    });
}

function contractDefinition(build: Pick<CompiledProject, 'asts'>, contract: CompiledContract): AstNode | undefined {
  const unit = build.asts[contract.file] as AstNode | undefined;
  return unit?.nodes?.find((n) => n.nodeType === 'ContractDefinition' && (n.id === contract.astId || n.name === contract.name));
}

/** The last inline `fail-on-revert` of the node's natspec for the default or the active profile; undefined without one. */
function inlineSetting(node: AstNode | undefined, profile: string): boolean | undefined {
  const doc = node?.documentation;
  const text = typeof doc === 'string' ? doc : doc?.text;
  if (text === undefined) return undefined;
  let value: boolean | undefined;
  for (const line of text.split('\n')) {
    const match = INLINE.exec(line);
    if (match !== null && (match[1] === undefined || match[1] === 'default' || match[1] === profile)) value = match[2] === 'true';
  }
  return value;
}
