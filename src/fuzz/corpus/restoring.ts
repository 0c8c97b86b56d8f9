import type { TxSequence } from '../../abi/index.js';
import { restoredInput, savedInput, type SavedInput, type SavedInputDrop, type SavedInputWorld } from './savedInputs.js';

/** A campaign's side of a saved corpus: what it restored, and what is worth saving after it. */
export interface CampaignCorpus {
  loaded: number;
  /** Restored inputs whose contract or function is gone, or whose arguments no longer fit. */
  dropped: Record<SavedInputDrop, number>;
  /**
   * The inputs the campaign kept (new paths, in the order found), then the restored inputs it had no
   * budget left to replay: an early end loses none of them.
   */
  kept: SavedInput[];
  /** With imported seeds (an Echidna or Medusa corpus): how many there were and why some were dropped, apart from the saved corpus's. */
  seeds?: { loaded: number; dropped: Record<SavedInputDrop, number> };
}

/**
 * Checks a saved corpus, and seeds imported in the same form, against the campaign's world
 * (`sequences` are those still valid, seeds first, to replay before anything else) and collects the inputs the campaign keeps, in the saved form. The campaign's own decision
 * to keep an input (a new path, `input-added`) is the only one: nothing else is saved.
 */
export function restoring(
  saved: readonly SavedInput[],
  world: SavedInputWorld,
  seeds?: readonly SavedInput[],
): {
  sequences: TxSequence[];
  keep: (sequence: TxSequence) => void;
  corpus: (outcome: { restored: { replayed: number; reverted: number } }) => CampaignCorpus;
} {
  const valid: SavedInput[] = [];
  const sequences: TxSequence[] = [];
  const check = (inputs: readonly SavedInput[]) => {
    const dropped: Record<SavedInputDrop, number> = { missingFunction: 0, undecodable: 0 };
    for (const input of inputs) {
      const restored = restoredInput(input, world);
      if ('dropped' in restored) dropped[restored.dropped]++;
      else {
        valid.push(input);
        sequences.push(restored.sequence);
      }
    }
    return dropped;
  };
  const seeded = seeds && { loaded: seeds.length, dropped: check(seeds) };
  const dropped = check(saved);
  // Keyed by their JSON: an input found again (by another worker, or replayed) is saved once.
  const kept = new Map<string, SavedInput>();
  const add = (input: SavedInput) => {
    const key = JSON.stringify(input);
    if (!kept.has(key)) kept.set(key, input);
  };
  return {
    sequences,
    keep: (sequence) => add(savedInput(sequence, world)),
    corpus: ({ restored }) => {
      if (restored.replayed + restored.reverted < valid.length) for (const input of valid) add(input);
      return { loaded: saved.length, dropped, kept: [...kept.values()], ...(seeded && { seeds: seeded }) };
    },
  };
}
