import { getAddress } from 'viem';
import { accountNames, type AddressNames, etherText, instanceName, type ReportCall } from '../../report/index.js';
import { dynamicArrayHelpers, functionOf, typedArguments } from './arguments.js';
import { ATTACKER_INSTANCE, attackerCall, attackerDeclaration, attackerInterface, attackerSetUp, typedStatement, type CallContext } from './attackerCalls.js';
import { findingCheck, type Check, type StandIn } from './checks.js';
import { fundingStatements } from './fundingStatements.js';
import { suiteCheck, suiteLocals, testCallStatement } from './suiteCheck.js';
import { BASE_HELPERS, cheatcodeHandle, helperSource, REPRODUCER_BASE_FILE, vmInterface } from './base.js';
import { delays, indent, oneLine, TEST_FUNCTION } from './lines.js';
import { overloadDeclarations, overloadInterface } from './overloads.js';
import type { PlannedDeployment, ReproducerPlan } from './types.js';

/** A reproducer's Solidity, and how to tell that it reproduced the finding (or why it cannot). */
export interface ReproducerSource {
  source: string;
  check: Check;
  /** The shared file it imports (`LookoutBase.sol`, written beside it): without forge-std and without a harness. */
  base?: string;
}

/**
 * A Foundry test that deploys what the campaign deployed (same deployers, values, arguments, funded
 * senders and start block) — or, for a campaign from the project's own test contract, inherits it and
 * its setUp() — replays the finding's sequence with `vm.prank`/`vm.warp`/`vm.roll`, and fails the way
 * the finding does. Values and accounts are written as the PR comment writes them.
 */
export function reproducerSource(plan: ReproducerPlan): ReproducerSource {
  const writer = new Writer(plan);
  const base = !plan.forgeStd && !plan.harness;
  const check = suiteCheck(plan) ?? findingCheck(plan, writer.instances, writer.values, writer.context);
  const from = plan.harness ? `, from ${plan.harness.contract}'s setUp(),` : '';
  const contract = [
    `// Lookout finding: ${plan.finding.kind} in ${plan.finding.contract}.${plan.finding.function} — ${oneLine(plan.finding.message)}`,
    `/// Replays${from} the sequence Lookout found; the test fails while the finding is there.`,
    `contract ${plan.contract} is ${plan.harness?.contract ?? (plan.forgeStd ? 'Test' : 'ReproducerBase')} {`,
    ...(plan.harness ? [] : [...indent(1, writer.declarations()), '', ...indent(1, writer.setUp()), '']),
    ...(plan.harness?.declaresVm === false ? [`    ${cheatcodeHandle('LookoutVm')}`, ''] : []),
    ...indent(1, writer.testFunction(check)),
    ...(check.kind === 'check' && check.members ? ['', ...indent(1, check.members)] : []),
    '}',
  ];
  const used = BASE_HELPERS.filter((helper) => contract.some((line) => line.includes(`${helper}(`)));
  const lines = [
    '// SPDX-License-Identifier: UNLICENSED',
    `pragma solidity ${plan.pragma ?? `^${plan.solidityVersion}`};`,
    '',
    ...writer.imports(),
    ...(base ? [`import {${['ReproducerBase', 'Vm', ...used].join(', ')}} from "./${REPRODUCER_BASE_FILE}";`] : []),
    '',
    // A DSTest-only test contract has no `vm`: the reproducer brings one, named apart from any `Vm` the project imports.
    ...(plan.harness?.declaresVm === false ? [...vmInterface('LookoutVm'), ''] : []),
    ...(plan.attacker ? attackerInterface() : []),
    ...(check.kind === 'check' && check.declarations ? check.declarations : []),
    ...overloadDeclarations(contract.join('\n'), [...plan.deployments.map((d) => d.abi), ...(plan.harness ? [plan.harness.abi] : [])]),
    ...(base ? [] : used.flatMap((helper) => [...helperSource(helper), ''])),
    ...writer.arrayHelpers(),
    ...contract,
    '',
  ];
  return { source: lines.join('\n'), check, ...(base && { base: REPRODUCER_BASE_FILE }) };
}

/** Writes the contract's parts, collecting the types they use (imported at the top). */
class Writer {
  /** Contract variables by address (deployments), senders by role. */
  readonly instances: AddressNames;
  /** Addresses as expressions: `alice`, `address(vault)`. */
  readonly values: AddressNames;
  private readonly types = new Set<string>();
  /** How calls through the attacker name the contracts they call. */
  readonly context: CallContext;

  constructor(private readonly plan: ReproducerPlan) {
    const named = plan.deployments.filter((d) => d.how.kind !== 'library');
    const instances = new Map(accountNames({ senders: plan.senders, deployments: named }));
    if (plan.attacker) instances.set(plan.attacker.address.toLowerCase(), ATTACKER_INSTANCE);
    this.instances = instances;
    const senders = new Set(plan.senders.map((s) => s.address.toLowerCase()));
    this.values = new Map([...this.instances].map(([address, name]) => [address, senders.has(address) ? name : `address(${name})`]));
    // A harness's reproducer imports only the types its test names (suiteLocals): its setUp() deploys them.
    if (!plan.harness) for (const d of named) this.types.add(d.contract);
    this.context = {
      contract: (name) => {
        const d = this.plan.deployments.find((x) => x.contract === name && x.how.kind !== 'library');
        return d === undefined ? undefined : { instance: this.nameOf(d), type: d.contract, abi: d.abi };
      },
      values: this.values,
      need: (type) => this.types.add(type),
    };
  }

  imports(): string[] {
    const byFile = new Map<string, Set<string>>();
    const add = (file: string, name: string) => byFile.set(file, (byFile.get(file) ?? new Set()).add(name));
    if (this.plan.harness) add(this.plan.harness.file, this.plan.harness.contract);
    else if (this.plan.forgeStd) add('forge-std/Test.sol', 'Test');
    for (const d of this.plan.deployments) if (this.types.has(d.contract)) add(d.file, d.contract);
    for (const type of this.types) {
      const file = this.plan.typeFiles.get(type);
      if (file !== undefined && !this.plan.deployments.some((d) => d.contract === type)) add(file, type);
    }
    // A file name is the PR's: quoted as a string literal, so a `"` or `\` in it stays in the path.
    return [...byFile].map(([file, symbols]) => `import {${[...symbols].sort().join(', ')}} from ${JSON.stringify(file)};`);
  }

  /** The `dynamicArray` overloads the arguments use. */
  arrayHelpers(): string[] {
    return dynamicArrayHelpers(this.types);
  }

  /** Without a harness: the senders, and the contracts setUp() deploys (a harness's test function declares what it names as locals). */
  declarations(): string[] {
    const senders = this.plan.senders.map((s) => `address internal ${s.name} = ${getAddress(s.address)};`);
    const contracts = this.plan.deployments.flatMap((d) => (d.how.kind === 'library' ? [] : [`${d.contract} internal ${this.nameOf(d)};`]));
    return [...senders, ...contracts, ...(this.plan.attacker ? [attackerDeclaration(this.plan.attacker)] : [])];
  }

  setUp(): string[] {
    const { plan } = this;
    const body = [
      // The campaign's chain starts here; forge's at block 1, timestamp 1.
      `vm.warp(${plan.start.timestamp});`,
      `vm.roll(${plan.start.block});`,
      ...plan.senders.flatMap((s) => [`vm.label(${s.name}, "${s.name}");`, `vm.deal(${s.name}, ${etherText(plan.senderBalance)});`]),
      ...plan.deployments.flatMap((d) => this.deploy(d)),
      ...(plan.attacker ? attackerSetUp(plan.attacker) : []),
      ...fundingStatements(plan.funding, this.instances, this.values),
    ];
    return ['function setUp() public {', ...indent(1, body), '}'];
  }

  private deploy(d: PlannedDeployment): string[] {
    const name = this.nameOf(d);
    switch (d.how.kind) {
      case 'library':
        return [];
      case 'created': {
        const creator = this.values.get(d.how.creator.toLowerCase()) ?? getAddress(d.how.creator);
        return [`${name} = ${d.contract}(payable(createdBy(${creator}, ${d.how.nonce})));`, `vm.label(address(${name}), "${name}");`];
      }
      case 'new': {
        const value = d.value === 0n ? '' : `{value: ${etherText(d.value)}}`;
        const args = typedArguments(d.params, d.args, this.values, (type) => this.types.add(type));
        if (args === undefined)
          throw new Error(`${d.contract}'s constructor takes a function or a struct declared outside a contract: the reproducer cannot write its arguments`);
        const deployer = this.values.get(d.deployer.toLowerCase()) ?? getAddress(d.deployer);
        return [`vm.prank(${deployer}, ${deployer});`, `${name} = new ${d.contract}${value}(${args.join(', ')});`, `vm.label(address(${name}), "${name}");`];
      }
    }
  }

  testFunction(check: Check): string[] {
    const { sequence } = this.plan.finding;
    const argumentValues = check.kind === 'check' && check.standIn ? standingIn(this.values, check.standIn) : this.values;
    const body: string[] = [];
    if (check.kind === 'check') body.push(...check.before);
    sequence.forEach((call, i) => {
      const last = i === sequence.length - 1;
      body.push(...delays(call));
      if (last && check.kind === 'check') body.push(...check.beforeLast);
      // Every call before the last goes on past a revert, as forge's invariant mode (fail_on_revert off) and the
      // campaign do: the base may turn down a call head takes, and that alone must not fail the test there.
      const how = last && check.kind === 'check' ? check.last : 'try';
      const test = testCallStatement(this.plan, call, argumentValues, (type) => this.types.add(type), how);
      if (test !== undefined) return body.push(...test);
      body.push(this.prank(call));
      const stepCall = check.kind === 'check' && check.standIn ? { ...call, calldata: replacedWords(call.calldata, check.standIn) } : call;
      body.push(...this.callStatement(stepCall, how, argumentValues));
    });
    if (check.kind === 'check') body.push(...check.after);
    else body.push(`// Nothing is asserted: ${check.reason}.`);
    const locals = this.plan.harness ? suiteLocals(this.plan, this.instances, body, (type) => this.types.add(type)) : [];
    return [`function ${TEST_FUNCTION}() public {`, ...indent(1, [...locals, ...body]), '}'];
  }

  /** The next call from the call's sender (and, unless the harness's Vm cannot, with it as tx.origin). */
  private prank(call: ReportCall): string {
    const sender = this.values.get(call.sender.toLowerCase()) ?? getAddress(call.sender);
    return this.plan.prankOrigin === false ? `vm.prank(${sender});` : `vm.prank(${sender}, ${sender});`;
  }

  /**
   * One call: `plain` lets a revert fail the test, `try` lets it pass (the campaign's transaction
   * reverted too, and the sequence went on), `compare` keeps its outcome and data for the assertions.
   * A function whose arguments have no literal (structs, enums) is called with the raw calldata.
   */
  private callStatement(call: ReportCall, how: 'plain' | 'try' | 'compare', argumentValues: AddressNames): string[] {
    if (call.attacker !== undefined && this.plan.attacker) return typedStatement(attackerCall(call, 'campaign', this.context), how);
    const d = calledDeployment(this.plan.deployments, call);
    const instance = d === undefined ? instanceName(call.contract ?? 'target') : this.nameOf(d);
    const value = call.value === '0' ? '' : `{value: ${etherText(BigInt(call.value))}}`;
    const fn = d === undefined ? undefined : functionOf(d.abi, call.function);
    const args = fn === undefined ? undefined : typedArguments(fn.inputs, call.args, argumentValues, (type) => this.types.add(type));
    const raw = `address(${instance}).call${value}(${call.calldata === '0x' ? '""' : `hex"${call.calldata.slice(2)}"`})`;
    if (fn === undefined || args === undefined) {
      const comment = fn === undefined ? [] : [`// ${call.function} with the campaign's arguments, ABI-encoded:`];
      if (how === 'compare') return [...comment, `(bool success, bytes memory returned) = ${raw};`];
      // In a block: a later compared call declares `success` and `returned` again.
      return how === 'try' ? [...comment, `${raw};`] : [...comment, `{ (bool success, bytes memory returned) = ${raw}; rethrow(success, returned); }`];
    }
    return typedStatement({ instance, fn: fn.name, value, args, via: overloadInterface(d!.abi, fn) }, how);
  }

  private nameOf(d: PlannedDeployment): string {
    return this.instances.get(d.address.toLowerCase()) ?? instanceName(d.contract);
  }
}

/** Addresses as arguments: the stand-in's expression where the campaign passed the address it replaces. */
function standingIn(values: AddressNames, standIn: StandIn): AddressNames {
  return new Map([...values, [standIn.replaced.toLowerCase(), standIn.expression]]);
}

/** Calldata with every argument word holding the replaced address holding the stand-in's instead (words after the selector, ABI-aligned). */
function replacedWords(calldata: string, standIn: StandIn): string {
  const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0');
  const [from, to] = [word(standIn.replaced), word(standIn.address)];
  const words = calldata.slice(10).match(/.{1,64}/g) ?? [];
  return calldata.slice(0, 10) + words.map((w) => (w.toLowerCase() === from ? to : w)).join('');
}

/** The deployment a call calls: by its address when the report gives it (two of one contract), else the first of its contract. */
function calledDeployment(deployments: readonly PlannedDeployment[], call: ReportCall): PlannedDeployment | undefined {
  const candidates = deployments.filter((d) => d.contract === call.contract && d.how.kind !== 'library');
  return candidates.find((d) => call.address !== undefined && d.address.toLowerCase() === call.address.toLowerCase()) ?? candidates[0];
}
