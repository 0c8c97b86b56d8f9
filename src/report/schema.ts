import { z } from 'zod';
import type { Address } from '../abi/index.js';
import { BEHAVIOUR_GRADES } from '../fuzz/index.js';
import { FINDING_KINDS } from '../oracles/index.js';
import type { Report } from './types.js';

/**
 * The JSON report as a schema, for reports Lookout did not just write itself: `mode: report` reads
 * one a fork's workflow uploaded. `types.ts` stays the documented source: the check at the end fails
 * the build when a field's type differs, and schema.test.ts reads back a report holding every field.
 */

/** 1-based source lines and counts: integers, so nothing but digits reaches a renderer. */
const line = z.int().positive();
const count = z.int().nonnegative();
/** Durations and rates may be fractional. */
const amount = z.number().nonnegative();
/** Wei and token amounts, bigints written as decimal strings. */
const decimal = z.string().regex(/^-?\d+$/, 'expected a decimal integer string');
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-hex');
const address = z.custom<Address>((value) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value), 'expected a 0x-hex address of 20 bytes');
const place = z.object({ file: z.string(), line });

const budget = z.object({ seconds: amount.nullable(), executions: count.nullable() });

const budgetPlan = z.object({
  total: budget,
  workers: count,
  campaigns: z.array(z.object({ campaign: z.string(), fuzz: budget, shrinkMs: amount.nullable(), workers: z.array(budget) })),
  comparison: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('seconds'), duringShare: amount, afterMs: amount }),
      z.object({ kind: z.literal('executions'), checksPerCampaign: count, transactionsPerCheckDuring: count }),
    ])
    .nullable(),
  unbudgeted: z.array(z.string()),
});

const stats = z.object({
  elapsedMs: amount,
  sequences: count,
  transactions: count,
  transactionsPerSecond: amount,
  analysisMs: amount,
  fuzzMs: amount.optional(),
  inputsKept: count.optional(),
  prediction: z.object({ oneShot: count, oneShotHits: count, oneShotSuccessRate: amount, iterated: count, iteratedHits: count }).optional(),
  budgetPlan: budgetPlan.optional(),
  behaviourDiff: z.object({ compared: count, shrinkReplays: count }).optional(),
});

const corpus = z.object({
  dir: z.string(),
  start: z.enum(['warm', 'cold']),
  loaded: count,
  replayed: count,
  dropped: z.object({ missingFunction: count, undecodable: count, reverted: count }),
  saved: count,
  problems: z.array(z.string()).optional(),
  cache: z.object({ key: z.string().nullable(), restoredKey: z.string().nullable(), unavailable: z.string().optional() }).optional(),
});

const seeds = z.object({
  dirs: z.array(z.string()),
  loaded: count,
  dropped: z.object({ missingFunction: count, undecodable: count, unreadable: count }),
});

const deployment = z.object({
  contract: z.string(),
  file: z.string(),
  address: z.string().nullable(),
  from: z.string().nullable(),
  args: z.array(z.string()),
  value: z.string(),
  deployer: z.string().nullable(),
  skipped: z.string().nullable(),
  source: z.string(),
});

const target = z.object({
  file: z.string(),
  line,
  contract: z.string(),
  contractFile: z.string(),
  pcs: z.array(count),
  status: z.enum(['reached', 'unreached', 'unreachable', 'no-code', 'not-fuzzed']),
  reason: z.string().nullable(),
  firstReachedMs: amount.nullable(),
  firstReachedTransactions: count.nullable(),
  firstReachedSequence: count.nullable(),
  missedBranch: z.object({ file: z.string(), line, condition: z.string() }).optional(),
  removed: z.object({ from: line, to: line }).optional(),
  reachedByCorpus: z.boolean().optional(),
});

const invocation = { function: z.string(), args: z.array(z.unknown()) };
const call = z.object({
  sender: z.string(),
  contract: z.string().optional(),
  address: z.string().optional(),
  ...invocation,
  value: decimal,
  calldata: hex,
  blockDelay: count,
  timeDelay: count,
  attacker: z.object({ reenters: z.object(invocation).nullable() }).optional(),
});

/** One shape per finding kind, as `ReportEvidence` derives them from the oracles' `Evidence`. */
const evidence = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('assertion'), how: z.enum(['panic', 'invalid-opcode', 'failure-flag']) }),
  z.object({ kind: z.literal('panic'), code: count }),
  z.object({
    kind: z.literal('property'),
    property: z.string(),
    failed: z.enum(['returned-false', 'reverted', 'not-a-bool', 'did-not-revert', 'test-failed', 'target-call-reverted']),
    reason: z.string().nullable(),
  }),
  z.discriminatedUnion('theft', [
    z.object({
      kind: z.literal('token-theft'),
      token: address,
      tokenName: z.string(),
      decimals: count.optional(),
      sender: address,
      theft: z.literal('balance'),
      holder: address,
      amount: decimal,
      allowance: decimal,
      transferFrom: z.boolean(),
    }),
    z.object({
      kind: z.literal('token-theft'),
      token: address,
      tokenName: z.string(),
      decimals: count.optional(),
      sender: address,
      theft: z.literal('allowance'),
      owner: address,
      spender: address,
      before: decimal,
      after: decimal,
    }),
  ]),
  z.object({
    kind: z.literal('ether-leak'),
    sender: address,
    partners: z.array(address),
    gain: decimal,
    payer: address.nullable(),
    payerName: z.string().nullable(),
  }),
  z.object({ kind: z.literal('controlled-delegatecall'), opcode: z.enum(['DELEGATECALL', 'CALLCODE']), from: address, target: address, sender: address }),
  z.object({ kind: z.literal('arbitrary-storage-write'), contract: address, slot: z.string() }),
  z.object({ kind: z.literal('unprotected-selfdestruct'), contract: address, beneficiary: address, sender: address }),
  z.object({
    kind: z.literal('reentrancy'),
    contract: address,
    contractName: z.string(),
    reentered: z.string().nullable(),
    gained: decimal,
    sequentialGain: decimal,
  }),
]);

const reproducer = z.object({
  file: z.string(),
  contract: z.string(),
  source: z.string(),
  base: z.object({ file: z.string(), source: z.string() }).optional(),
  verified: z.boolean(),
  reason: z.string().nullable(),
  runs: z.array(
    z.object({
      runner: z.enum(['lookout', 'forge']),
      revision: z.enum(['head', 'base']),
      outcome: z.enum(['passed', 'failed', 'skipped', 'does-not-compile']),
      reason: z.string().nullable(),
    }),
  ),
});

const finding = z.object({
  kind: z.enum(FINDING_KINDS),
  panicCode: hex.nullable(),
  contract: z.string(),
  contractFile: z.string(),
  file: z.string().nullable(),
  line: line.nullable(),
  function: z.string(),
  message: z.string(),
  libraryLine: place.optional(),
  evidence: evidence.nullable().optional(),
  introduced: z.boolean().nullable(),
  besidePreExisting: z.boolean().optional(),
  executesChangedLines: z.boolean().optional(),
  enteredLines: z.array(place).optional(),
  foundMs: amount,
  foundTransactions: count,
  sequence: z.array(call),
  behaviour: z
    .object({
      difference: z.string(),
      base: z.string(),
      head: z.string(),
      grade: z.enum(BEHAVIOUR_GRADES),
      group: z.string().optional(),
      representative: z.boolean().optional(),
      linkedTo: count.optional(),
    })
    .optional(),
  reproducer: reproducer.optional(),
  harness: z.object({ file: z.string(), contract: z.string() }).optional(),
});

const reportSchema = z.object({
  schemaVersion: z.literal(1),
  tool: z.object({ name: z.literal('lookout'), version: z.string() }),
  seed: count,
  budget,
  stats,
  // Optional: reports of runs without --corpus, and of older Lookouts, have none.
  corpus: corpus.optional(),
  shard: z.object({ index: line, count: line }).nullable().optional(),
  revisions: z.object({ head: z.string(), mergeBase: z.string().nullable() }).optional(),
  // Optional: only runs through a harness whose config names an existing corpus have one.
  seeds: seeds.optional(),
  build: z
    .object({
      compilers: z.array(z.object({ version: z.string(), source: z.string(), settings: z.record(z.string(), z.unknown()), files: z.array(z.string()) })),
    })
    .optional(),
  deployments: z.array(deployment).optional(),
  senders: z.array(z.object({ name: z.string(), address: z.string() })).optional(),
  targets: z.array(target),
  findings: z.array(finding),
  // A report an older Lookout wrote has no `interrupted`: it ran to its end.
  interrupted: z.boolean().default(false),
  errors: z.array(z.string()).optional(),
  buildErrors: z.array(z.object({ file: z.string(), line: line.nullable(), message: z.string() })).optional(),
  base: z.enum(['compared', 'not-fetched', 'does-not-build']).optional(),
});

/** Problems listed before "and N more": enough to see what is wrong without flooding the log. */
const MAX_PROBLEMS = 5;

/**
 * `value` as a Report of schema version 1, fields it does not know dropped; or what is wrong with it,
 * each problem naming its field (`findings[0].line: …`).
 */
export function parseReport(value: unknown): { ok: true; report: Report } | { ok: false; problems: string[] } {
  const parsed = reportSchema.safeParse(value);
  if (parsed.success) return { ok: true, report: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${fieldPath(issue.path)}: ${issue.message}`);
  const more = problems.length - MAX_PROBLEMS;
  return { ok: false, problems: more > 0 ? [...problems.slice(0, MAX_PROBLEMS), `and ${more} more`] : problems };
}

/** `findings[0].sequence[1].value`; `(the report)` for the top. */
function fieldPath(path: readonly PropertyKey[]): string {
  const text = path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
  return text || '(the report)';
}

/** Compile-time only: each of the schema and `Report` is assignable to the other (a field missing on one side is the test's to catch). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<z.infer<typeof reportSchema>, Report>;
