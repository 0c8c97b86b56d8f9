import path from 'node:path';
import { lookahead, prepareProgram, unreachableTargets, type AnalyzedProgram, type TargetSet } from '../../src/analysis/index.js';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import type { TxResult } from '../../src/evm/types.js';
import { callTargets } from '../../src/abi/encoding.js';
import { runCampaign } from '../../src/fuzz/campaign/loop.js';
import { Dictionary } from '../../src/fuzz/inputs/dictionary.js';
import { mutateSequence, type MutationContext } from '../../src/fuzz/inputs/mutations.js';
import { ReachTracker } from '../../src/fuzz/schedule/reach.js';
import { Rng } from '../../src/rng.js';
import { fast } from '../../src/fuzz/schedule/schedule.js';
import { runSequence } from '../../src/fuzz/campaign/sequenceRunner.js';
import type { TxSequence } from '../../src/abi/types.js';
import { generateCall } from '../../src/fuzz/inputs/values.js';
import { OPCODES } from '../../src/bytecode/opcodes.js';
import { instructions, stripMetadata } from '../../src/bytecode/instructions.js';

/**
 * Soundness of the lookahead analysis against real executions, on every fixture contract:
 * - a target the analysis calls unreachable after a prefix is never executed after that prefix by
 *   mutants of the input that share it (Def. 2);
 * - a pc the empty-prefix check calls unreachable is never reached by a fuzzing campaign.
 */
const ROOT = path.join(process.cwd(), '__fixtures__');
const RANDOM_INPUTS = 60;
const PROVEN_INPUTS = 5;
// 1,979 of the mutants keep their input's proven prefix and are checked: about twice the 1,000 asked for.
const MUTANTS = 30;
// By then each campaign has run every block it runs in 3,000 transactions (Fig2's last after 783, the others' within 145).
const CAMPAIGN_TRANSACTIONS = 800;
/**
 * Bran's loops (`while (ret != z)`) run until the gas is gone on almost every input: at the default
 * 12.5M gas one such call is a second of EVM work. A million still lets them iterate thousands of
 * times, and an out-of-gas suffix is a halting path like any other.
 */
const GAS_LIMIT = 1_000_000n;

let project: CompiledProject;
let contracts: CompiledContract[];

beforeAll(async () => {
  project = await compileProject({ root: ROOT, paths: ['engine', 'bran'] });
  contracts = project.contracts.filter((c) => c.kind === 'contract');
});

interface Harness {
  executor: Executor;
  program: AnalyzedProgram;
  codeId: number;
  ctx: MutationContext;
  run(sequence: TxSequence): Promise<TxResult | undefined>;
}

async function harness(contract: CompiledContract, rng: Rng): Promise<Harness> {
  const executor = await Executor.create([{ name: contract.name, abi: contract.abi, creationCode: contract.creation.bytecode }], { gasLimit: GAS_LIMIT });
  const { code, codeId, address } = executor.deployments[0];
  const dictionary = new Dictionary();
  dictionary.mineBytecode(code);
  const ctx: MutationContext = {
    rng,
    dictionary,
    addresses: [...executor.senderAddresses, address],
    senders: executor.senderAddresses.length,
    maxValue: 10n ** 18n,
    targets: [callTargets(contract.abi)],
    maxSequenceLength: 3,
  };
  const sequenceHarness = { executor, oracles: [], sequenceOracles: [], properties: [] };
  return {
    executor,
    program: prepareProgram(code),
    codeId,
    ctx,
    async run(sequence) {
      return (await runSequence(sequenceHarness, sequence)).last;
    },
  };
}

/** Instruction pcs of the outermost frame from the split point after `pairs` jumps to the end. */
function suffixPcs(program: AnalyzedProgram, result: TxResult, pairs: number): number[] {
  const jumps = result.trace.jumps;
  const starts = [pairs === 0 ? 0 : jumps[2 * pairs - 1]];
  const ends: number[] = [];
  for (let i = pairs; i < jumps.length / 2; i++) {
    ends.push(jumps[2 * i]);
    starts.push(jumps[2 * i + 1]);
  }
  ends.push(Infinity); // straight-line code from the last destination until something halts
  const pcs: number[] = [];
  starts.forEach((start, i) => {
    for (let pc = start; pc < program.code.length && pc <= ends[i];) {
      pcs.push(pc);
      const op = OPCODES[program.opAt[pc]];
      if (ends[i] === Infinity && op.terminates) break;
      pc += 1 + op.immediate;
    }
  });
  return pcs;
}

function startsWith(jumps: Uint32Array, prefix: Uint32Array): boolean {
  if (jumps.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (jumps[i] !== prefix[i]) return false;
  return true;
}

describe('lookahead soundness on the fixture contracts', () => {
  it('never sees a target executed after a prefix proven no-target-ahead', async () => {
    let checked = 0;
    let proven = 0;
    for (const contract of contracts) {
      const rng = new Rng(`soundness:${contract.name}`);
      const h = await harness(contract, rng);
      const pcs = [...instructions(stripMetadata(h.program.code))].map((ins) => ins.pc);
      const targets: TargetSet = { pcs: new Set(Array.from({ length: 6 }, () => rng.pick(pcs))), elsewhere: false };
      const provenInputs: { sequence: TxSequence; prefix: Uint32Array }[] = [];
      for (let i = 0; i < RANDOM_INPUTS && provenInputs.length < PROVEN_INPUTS; i++) {
        const sequence = Array.from({ length: rng.range(1, 2) }, () => generateCall(h.ctx.targets, h.ctx));
        const last = await h.run(sequence);
        if (!last || last.trace.jumpsTruncated || !last.trace.blocks.get(h.codeId)?.has(0)) continue;
        const result = lookahead(h.program, last.trace.jumps, targets);
        if (result.targetsAhead) continue;
        provenInputs.push({ sequence, prefix: last.trace.jumps.slice(0, 2 * result.prefixLength) });
      }
      proven += provenInputs.length;
      for (const { sequence, prefix } of provenInputs) {
        for (let m = 0; m < MUTANTS; m++) {
          const mutant = mutateSequence(sequence, h.ctx);
          if (!mutant) continue;
          const last = await h.run(mutant);
          if (!last || last.trace.jumpsTruncated || !startsWith(last.trace.jumps, prefix)) continue;
          checked++;
          const hit = suffixPcs(h.program, last, prefix.length / 2).filter((pc) => targets.pcs.has(pc));
          expect({ contract: contract.name, hit }).toEqual({ contract: contract.name, hit: [] });
        }
      }
    }
    expect(proven).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(1000);
  });

  it('never reaches, while fuzzing, a pc the empty-prefix check proves unreachable', async () => {
    let provenPcs = 0;
    for (const contract of contracts) {
      const rng = new Rng(`campaign:${contract.name}`);
      const h = await harness(contract, rng.fork('mutation'));
      const everyPc = [...instructions(stripMetadata(h.program.code))].map((ins) => ins.pc);
      const unreachable = unreachableTargets(h.program, { pcs: new Set(everyPc), elsewhere: false });
      provenPcs += unreachable.size;
      const deployment = h.executor.deployments[0];
      const tracker = new ReachTracker(
        [...unreachable].map((pc) => ({ pcs: [pc], creationPcs: [] })),
        deployment,
        {
          code: contract.creation.bytecode,
          executedBlocks: deployment.creationBlocks,
        },
      );
      await runCampaign({
        harness: { executor: h.executor, oracles: [], sequenceOracles: [], properties: [] },
        budget: { kind: 'executions', executions: CAMPAIGN_TRANSACTIONS },
        clock: () => 0,
        schedule: fast,
        mutation: h.ctx,
        dictionary: h.ctx.dictionary,
        seeds: h.ctx.targets[0].map((_, i) => [generateCall([[h.ctx.targets[0][i]]], h.ctx)]),
        techniques: { prediction: true, ddsf: true },
        probes: [],
        onEvent: (event) =>
          event.kind === 'transaction' && tracker.observe(event.result, { ms: 0, transactions: event.transactions, sequence: event.sequenceIndex }),
      });
      const reached = [...tracker.reached.keys()].map((index) => [...unreachable][index]);
      expect({ contract: contract.name, reached }).toEqual({ contract: contract.name, reached: [] });
    }
    expect(provenPcs).toBeGreaterThan(0);
  });
});
