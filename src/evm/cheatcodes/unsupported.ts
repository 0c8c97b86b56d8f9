import { toFunctionSelector } from 'viem';
import { CheatcodeError, type CheatcodeDefinition } from './types.js';

/** The error of a cheatcode that needs a network or the file system: the runner skips the test contract, naming it. */
export class UnsupportedCheatcodeError extends CheatcodeError {
  constructor(readonly cheatcode: string) {
    super(`vm.${cheatcode} needs a network or the file system, which Lookout's runner does not give tests`);
  }
}

// Forks, RPC, files and processes: forge reaches outside the EVM for these.
const OUTSIDE = [
  'createFork(string)',
  'createFork(string,uint256)',
  'createFork(string,bytes32)',
  'createSelectFork(string)',
  'createSelectFork(string,uint256)',
  'createSelectFork(string,bytes32)',
  'selectFork(uint256)',
  'activeFork()',
  'rollFork(uint256)',
  'rollFork(bytes32)',
  'rollFork(uint256,uint256)',
  'rpc(string,string)',
  'rpc(string,string,string)',
  'rpcUrl(string)',
  'rpcUrls()',
  'rpcUrlStructs()',
  'readFile(string)',
  'readFileBinary(string)',
  'readLine(string)',
  'readDir(string)',
  'readDir(string,uint64)',
  'writeFile(string,string)',
  'writeFileBinary(string,bytes)',
  'writeLine(string,string)',
  'closeFile(string)',
  'removeFile(string)',
  'copyFile(string,string)',
  'createDir(string,bool)',
  'removeDir(string,bool)',
  'exists(string)',
  'isFile(string)',
  'isDir(string)',
  'fsMetadata(string)',
  'projectRoot()',
  'writeJson(string,string)',
  'writeJson(string,string,string)',
  'writeToml(string,string)',
  'writeToml(string,string,string)',
  'ffi(string[])',
  'tryFfi(string[])',
  'readCallers()',
];

export const unsupportedCheatcodes: readonly CheatcodeDefinition[] = OUTSIDE.map((signature) => ({
  signature: `function ${signature}`,
  run: () => {
    throw new UnsupportedCheatcodeError(signature.slice(0, signature.indexOf('(')));
  },
}));

// Other forge cheatcodes Lookout does not implement yet: named in the revert of an unknown selector.
const KNOWN_UNIMPLEMENTED = [
  'expectCallMinGas(address,uint256,uint64,bytes)',
  'stopRecord()',
  'startStateDiffRecording()',
  'broadcast()',
  'broadcast(address)',
  'startBroadcast()',
  'startBroadcast(address)',
  'startBroadcast(uint256)',
  'stopBroadcast()',
  'deriveKey(string,uint32)',
  'rememberKey(uint256)',
  'signP256(uint256,bytes32)',
  'signCompact(uint256,bytes32)',
  'prank(address,bool)',
  'startPrank(address,bool)',
  'prevrandao(bytes32)',
  'prevrandao(uint256)',
  'coinbase(address)',
  'txGasPrice(uint256)',
  'difficulty(uint256)',
  'blobBaseFee(uint256)',
  'resetNonce(address)',
  'setNonceUnsafe(address,uint64)',
  'parseJson(string)',
  'parseJson(string,string)',
  'serializeUint(string,string,uint256)',
  'serializeAddress(string,string,address)',
  'computeCreateAddress(address,uint256)',
  'computeCreate2Address(bytes32,bytes32,address)',
  'pauseGasMetering()',
  'resumeGasMetering()',
  'expectSafeMemory(uint64,uint64)',
  'breakpoint(string)',
  'cool(address)',
  'getMappingLength(address,bytes32)',
];

const NAMES = new Map<string, string>(KNOWN_UNIMPLEMENTED.map((signature) => [toFunctionSelector(`function ${signature}`), signature]));

/** The revert of a selector no cheatcode has: its selector, and forge's name for it when Lookout knows it. */
export function unknownCheatcode(selector: string): CheatcodeError {
  const name = NAMES.get(selector);
  return new CheatcodeError(
    name === undefined ? `unknown cheatcode with selector ${selector}` : `cheatcode ${name} (selector ${selector}) is not supported by Lookout`,
  );
}
