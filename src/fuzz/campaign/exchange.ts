import { failureKey } from '../../oracles/index.js';
import type { CampaignFinding } from '../findings/replay.js';
import type { TxSequence } from '../../abi/index.js';
import type { CampaignSetup } from './loop.js';
import type { CampaignState } from './state.js';
import { evaluate } from './evaluation.js';

/** What the other workers of a campaign found since the last trade, merged in worker order. */
export interface Imports {
  /** Inputs they kept (new paths), replayed here so that this corpus judges them by its own runs. */
  inputs: readonly TxSequence[];
  /** Failures already found: not reported again, and they count for `stop`. */
  findings: readonly CampaignFinding[];
  /** Functions whose coverage depends on state (DDSF), enabled here too. */
  enabled: readonly string[];
  /** The campaign's stop condition holds across workers. */
  stop: boolean;
}

/**
 * How a worker's campaign meets the others: every `every` transactions it hands over the functions
 * it enabled and its transaction count so far, and waits for the others' finds. Trading at fixed transaction counts, never on the
 * clock, keeps a campaign with an execution budget reproducible.
 */
export interface CampaignExchange {
  every: number;
  trade: (enabled: readonly string[], transactions: number) => Promise<Imports>;
}

/** Trades when the campaign has spent another `every` transactions since the last trade. */
export function exchangePoint(setup: CampaignSetup, state: CampaignState): () => Promise<void> {
  const exchange = setup.exchange;
  if (!exchange) return async () => {};
  let next = exchange.every;
  return async () => {
    if (state.meter.transactions < next) return;
    next = state.meter.transactions + exchange.every;
    await importFinds(state, setup, await exchange.trade(state.ddsf?.enabledFunctions ?? [], state.meter.transactions));
  };
}

/** Takes in the other workers' finds; their inputs run with events silenced (they were reported where found). */
async function importFinds(state: CampaignState, setup: CampaignSetup, imports: Imports): Promise<void> {
  for (const finding of imports.findings) {
    const key = failureKey(finding.failure);
    if (!state.findings.has(key)) state.findings.set(key, finding);
  }
  for (const key of imports.enabled) state.ddsf?.enable(key);
  const emit = state.emit;
  state.emit = () => {};
  try {
    for (const input of imports.inputs) {
      if (state.meter.exhausted()) break;
      await evaluate(state, setup, input);
    }
  } finally {
    state.emit = emit;
  }
  if (imports.stop) state.stopped = true;
}
