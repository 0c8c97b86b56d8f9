/**
 * Code id → start pc of a basic block → transactions that entered it: the campaign's coverage, read
 * from what the executor records anyway (TxTrace.blocks), so asking for it adds no per-opcode hook.
 */
export type BlockHits = Map<number, Map<number, number>>;

/** Adds one transaction's entered blocks to `hits`. */
export function countBlocks(hits: BlockHits, entered: ReadonlyMap<number, ReadonlySet<number>>): void {
  for (const [codeId, starts] of entered) for (const start of starts) add(hits, codeId, start, 1);
}

/** The workers' counts of one campaign, summed; undefined when none counted (coverage not asked). */
export function mergeBlockHits(parts: readonly (BlockHits | undefined)[]): BlockHits | undefined {
  if (parts.every((p) => p === undefined)) return undefined;
  const merged: BlockHits = new Map();
  for (const part of parts) if (part) addBlockHits(merged, part);
  return merged;
}

/** Adds the counts of `part` (another thread's, of the same code ids) to `hits`. */
export function addBlockHits(hits: BlockHits, part: BlockHits): void {
  for (const [codeId, blocks] of part) for (const [start, count] of blocks) add(hits, codeId, start, count);
}

function add(hits: BlockHits, codeId: number, start: number, count: number): void {
  let blocks = hits.get(codeId);
  if (blocks === undefined) hits.set(codeId, (blocks = new Map()));
  blocks.set(start, (blocks.get(start) ?? 0) + count);
}
