import type { AbiParameter } from 'viem';
import { counterpartDeployments } from './counterpartDeployments.js';
import { abiType, type AbiValue, type Call, type CallTarget, callTargets, type TxSequence } from '../../abi/index.js';
import type { DeployedWorld } from '../../deploy/index.js';
import { type CallWorld, unwrapAttackerCall } from '../inputs/attackerCalls.js';

/**
 * Head calls translated to the base world: the same deployment (the k-th of its contract), the same function
 * (by signature, or the same kind of fallback/receive entry), the same senders, values and delays, and
 * address arguments naming a head deployment renamed to its base deployment.
 */
export class Counterparts {
  private readonly deploymentOf: number[];
  private readonly targets = new Map<string, CallTarget | undefined>();
  private readonly addresses = new Map<string, string>();
  private readonly calls = new WeakMap<Call, Call | undefined>();
  /** Head's deployments and entry points, to read the call Lookout's attacker forwards. */
  private readonly headCalls: CallWorld;

  constructor(
    head: DeployedWorld,
    private readonly base: DeployedWorld,
  ) {
    this.deploymentOf = counterpartDeployments(head.contracts, base.contracts);
    this.headCalls = deployedCalls(head);
    this.deploymentOf.forEach((to, from) => {
      const headAddress = head.executor.deployments[from].address.toLowerCase();
      const baseAddress = to < 0 ? undefined : base.executor.deployments[to].address.toLowerCase();
      if (baseAddress !== undefined && baseAddress !== headAddress) this.addresses.set(headAddress, baseAddress);
    });
  }

  /**
   * Each call's base counterpart, or undefined when base lacks its contract or function: that call runs
   * on head only, and its blocks and seconds pass on base before the next call that runs there.
   */
  sequence(sequence: TxSequence): (Call | undefined)[] {
    let blockDelay = 0;
    let timeDelay = 0;
    return sequence.map((call) => {
      blockDelay += call.blockDelay;
      timeDelay += call.timeDelay;
      const counterpart = this.call(call);
      if (counterpart === undefined) return undefined;
      const moved = blockDelay === call.blockDelay && timeDelay === call.timeDelay ? counterpart : { ...counterpart, blockDelay, timeDelay };
      blockDelay = timeDelay = 0;
      return moved;
    });
  }

  /** Cached per head call (calls are immutable), so the base call's calldata is encoded once too. */
  private call(call: Call): Call | undefined {
    if (!this.calls.has(call)) this.calls.set(call, this.translatedCall(call));
    return this.calls.get(call);
  }

  private translatedCall(call: Call): Call | undefined {
    // Through the attacker, base has the call only if it has the function the attacker forwards to.
    const forwarded = unwrapAttackerCall(call, this.headCalls);
    if (forwarded !== undefined && this.call(forwarded) === undefined) return undefined;
    // A contract the campaign adopted after the world was deployed (created at run time) has no base deployment.
    const to = this.deploymentOf[call.to] ?? -1;
    const target = to < 0 ? undefined : this.target(call.to, to, call.target);
    if (target === undefined) return undefined;
    if (target.kind !== 'function' || this.addresses.size === 0) return { ...call, to, target };
    return { ...call, to, target, args: target.fn.inputs.map((param, i) => this.translated(param, call.args[i])) };
  }

  private target(headTo: number, baseTo: number, target: CallTarget): CallTarget | undefined {
    const name = target.kind === 'function' ? target.signature : target.kind;
    const key = `${headTo}:${name}`;
    if (!this.targets.has(key)) {
      this.targets.set(
        key,
        callTargets(this.base.contracts[baseTo].abi).find((t) => (t.kind === 'function' ? t.signature : t.kind) === name),
      );
    }
    const found = this.targets.get(key);
    // A fallback call keeps head's calldata: only the entry point must exist on base.
    return found?.kind === 'fallback' ? target : found;
  }

  private translated(param: AbiParameter, value: AbiValue): AbiValue {
    const type = abiType(param);
    if (type.kind === 'address') return this.addresses.get(value as string) ?? value;
    if (type.kind === 'array') return (value as AbiValue[]).map((v) => this.translated(type.element, v));
    if (type.kind === 'tuple') return (value as AbiValue[]).map((v, i) => this.translated(type.components[i], v));
    return value;
  }
}

/** A world's deployments and their entry points, as the attacker's calls address them (no senders among them). */
export function deployedCalls(world: DeployedWorld): CallWorld {
  return {
    addresses: world.executor.deployments.map((d) => d.address.toLowerCase()),
    senders: 0,
    targets: world.contracts.map((c) => callTargets(c.abi)),
  };
}
