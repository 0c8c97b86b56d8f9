import { type Abi, decodeFunctionResult, encodeFunctionData, type Hex, hexToBytes } from 'viem';
import { decodedAddress as lower, type Executor } from '../evm/index.js';
import type { FuzzSelector, InvariantSelection } from './types.js';

const selectorsOf = (s: unknown) => ((s as Hex[]) ?? []).map((x) => x.toLowerCase() as Hex);

/**
 * Reads forge's invariant-mode selection from the test contract (deployment 0) after `setUp()`:
 * each getter the contract has is called; one it lacks reads as empty, one that reverts too.
 */
export async function readInvariantSelection(executor: Executor, abi: Abi): Promise<InvariantSelection> {
  const read = async (name: string): Promise<unknown[]> => {
    const fn = abi.find((item) => item.type === 'function' && item.name === name && item.inputs.length === 0);
    if (fn === undefined) return [];
    const call = await executor.view(0, hexToBytes(encodeFunctionData({ abi: [fn], functionName: name })));
    if (!call.success) return [];
    return decodeFunctionResult({ abi: [fn], functionName: name, data: `0x${Buffer.from(call.returnData).toString('hex')}` }) as unknown[];
  };
  const addresses = async (name: string) => (await read(name)).map(lower);
  const selectors = async (name: string): Promise<FuzzSelector[]> =>
    (await read(name)).map((s) => {
      const { addr, selectors: list } = s as { addr: string; selectors: Hex[] };
      return { address: lower(addr), selectors: selectorsOf(list) };
    });
  return {
    targetContracts: await addresses('targetContracts'),
    excludeContracts: await addresses('excludeContracts'),
    targetSenders: await addresses('targetSenders'),
    excludeSenders: await addresses('excludeSenders'),
    targetSelectors: await selectors('targetSelectors'),
    excludeSelectors: await selectors('excludeSelectors'),
    targetInterfaces: (await read('targetInterfaces')).map((i) => {
      const { addr, artifacts } = i as { addr: string; artifacts: string[] };
      return { address: lower(addr), artifacts: [...artifacts] };
    }),
    targetArtifacts: (await read('targetArtifacts')) as string[],
    excludeArtifacts: (await read('excludeArtifacts')) as string[],
    targetArtifactSelectors: (await read('targetArtifactSelectors')).map((a) => {
      const { artifact, selectors: list } = a as { artifact: string; selectors: Hex[] };
      return { artifact, selectors: selectorsOf(list) };
    }),
  };
}
