import {
  type AbiFunction,
  bytesToHex,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeErrorResult,
  hexToBytes,
  parseAbi,
  parseAbiItem,
  toFunctionSelector,
} from 'viem';
import { artifactCheatcodes } from './artifacts.js';
import { assertionCheatcodes } from './assertions.js';
import { envCheatcodes, environmentCheatcodes, persistenceCheatcodes } from './environment.js';
import { expectCallCheatcodes } from './expectCall.js';
import { expectEmitCheatcodes } from './expectEmit.js';
import { expectRevertCheatcodes } from './expectRevert.js';
import { mockCallCheatcodes } from './mockCalls.js';
import { prankCheatcodes } from './pranks.js';
import { recordedLogCheatcodes } from './recordedLogs.js';
import { signingCheatcodes } from './signing.js';
import { stateSnapshotCheatcodes } from './stateSnapshots.js';
import { stringCheatcodes } from './strings.js';
import { storageAccessCheatcodes } from './storageAccesses.js';
import { CheatcodeError, type CheatCall, type CheatcodeDefinition } from './types.js';
import { unknownCheatcode, unsupportedCheatcodes } from './unsupported.js';

interface Entry {
  fn: AbiFunction;
  run: CheatcodeDefinition['run'];
}

const ALL: readonly CheatcodeDefinition[] = [
  ...prankCheatcodes,
  ...environmentCheatcodes,
  ...envCheatcodes,
  ...persistenceCheatcodes,
  ...signingCheatcodes,
  ...artifactCheatcodes,
  ...expectRevertCheatcodes,
  ...expectEmitCheatcodes,
  ...expectCallCheatcodes,
  ...storageAccessCheatcodes,
  ...recordedLogCheatcodes,
  ...assertionCheatcodes,
  ...mockCallCheatcodes,
  ...stateSnapshotCheatcodes,
  ...stringCheatcodes,
  ...unsupportedCheatcodes,
];

/** Selector → cheatcode, built once: selectors are keccak of the canonical signatures. */
const BY_SELECTOR: ReadonlyMap<string, Entry> = new Map(
  ALL.map((definition) => {
    const fn = parseAbiItem(definition.signature) as AbiFunction;
    return [toFunctionSelector(fn), { fn, run: definition.run }] as const;
  }),
);

const ERROR_STRING = parseAbi(['error Error(string)']);

export function errorData(message: string): Uint8Array {
  return hexToBytes(encodeErrorResult({ abi: ERROR_STRING, errorName: 'Error', args: [message] }));
}

/** What a call to the cheatcode address returns: output data, or revert data. */
export type CheatOutcome = { ok: true; output: Uint8Array } | { ok: false; data: Uint8Array; error: CheatcodeError };

/** Decodes calldata, runs the cheatcode and encodes its outputs; every failure becomes revert data. */
export async function dispatch(calldata: Uint8Array, call: CheatCall): Promise<CheatOutcome> {
  const selector = bytesToHex(calldata.subarray(0, 4));
  const entry = BY_SELECTOR.get(selector);
  try {
    if (entry === undefined) throw unknownCheatcode(selector);
    const args = decodeAbiParameters(entry.fn.inputs, bytesToHex(calldata.subarray(4)));
    const outputs = (await entry.run(args, call)) ?? [];
    return { ok: true, output: hexToBytes(encodeAbiParameters(entry.fn.outputs, outputs as unknown[])) };
  } catch (caught) {
    const error =
      caught instanceof CheatcodeError ? caught : new CheatcodeError(`vm.${entry?.fn.name ?? selector}: ${(caught as Error).message.split('\n')[0]}`);
    return { ok: false, data: error.data ?? errorData(error.message), error };
  }
}

/** How many cheatcodes Lookout runs, and under how many selectors (equal unless two signatures collide). */
export const cheatcodeTableSize = { definitions: ALL.length, selectors: BY_SELECTOR.size };
