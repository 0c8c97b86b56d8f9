import { encodeAbiParameters, encodeErrorResult, hexToBytes, parseAbi, toFunctionSelector } from 'viem';
import { failureKey } from '../../src/oracles/failure.js';
import { checkProperties, propertyFunctions } from '../../src/oracles/property.js';
import type { ProbeResult, PropertyProbe } from '../../src/oracles/types.js';

const abi = parseAbi([
  'function property_solvent() view returns (bool)',
  'function echidna_owner() returns (bool)',
  'function property_withArg(uint256) view returns (bool)',
  'function property_number() view returns (uint256)',
  'function property_two() view returns (bool, bool)',
  'function deposit() payable',
  'function helper_property_x() view returns (bool)',
  'event property_log(bool)',
]);

const bool = (value: boolean) => hexToBytes(encodeAbiParameters([{ type: 'bool' }], [value]));

/** A probe answering per selector, recording what it was asked. */
function probeOf(answers: Record<string, ProbeResult>): PropertyProbe & { calls: string[] } {
  const calls: string[] = [];
  const probe = async (to: number, data: Uint8Array) => {
    const selector = `0x${Buffer.from(data).toString('hex')}`;
    calls.push(`${to}:${selector}`);
    return answers[selector]!;
  };
  return Object.assign(probe, { calls });
}

describe('propertyFunctions', () => {
  it('picks no-argument bool functions named property_* or echidna_*, in ABI order', () => {
    const found = propertyFunctions(abi, 3, 7);
    expect(found.map((p) => p.name)).toEqual(['property_solvent', 'echidna_owner']);
    expect(found[0]).toEqual({
      to: 3,
      codeId: 7,
      name: 'property_solvent',
      selector: hexToBytes(toFunctionSelector('property_solvent()')),
      holds: 'returns-true',
    });
  });
});

describe('checkProperties', () => {
  const [solvent, owner] = propertyFunctions(abi, 1, 5) as [ReturnType<typeof propertyFunctions>[0], ReturnType<typeof propertyFunctions>[0]];
  const sel = (name: string) => toFunctionSelector(`${name}()`);

  it('passes properties that hold, probing each once in order', async () => {
    const probe = probeOf({
      [sel('property_solvent')]: { success: true, returnData: bool(true) },
      [sel('echidna_owner')]: { success: true, returnData: bool(true) },
    });
    expect(await checkProperties(probe, [solvent, owner])).toEqual([]);
    expect(probe.calls).toEqual([`1:${sel('property_solvent')}`, `1:${sel('echidna_owner')}`]);
  });

  it('reports false, reverts (with the reason) and non-bool answers', async () => {
    const errors = parseAbi(['error Error(string)', 'error Panic(uint256)']);
    const probe = probeOf({
      [sel('property_solvent')]: { success: true, returnData: bool(false) },
      [sel('echidna_owner')]: { success: false, returnData: hexToBytes(encodeErrorResult({ abi: errors, errorName: 'Error', args: ['no owner'] })) },
    });
    const failures = await checkProperties(probe, [solvent, owner]);
    expect(failures).toEqual([
      {
        kind: 'property',
        panicCode: null,
        codeId: 5,
        pc: 0,
        message: 'property_solvent() returned false',
        property: 'property_solvent',
        evidence: { kind: 'property', property: 'property_solvent', failed: 'returned-false', reason: null },
      },
      {
        kind: 'property',
        panicCode: null,
        codeId: 5,
        pc: 0,
        message: 'echidna_owner() reverted: Error("no owner")',
        property: 'echidna_owner',
        evidence: { kind: 'property', property: 'echidna_owner', failed: 'reverted', reason: 'Error("no owner")' },
      },
    ]);
    expect(failureKey(failures[0]!)).toBe('property@5:0/property_solvent');

    const weird = probeOf({
      [sel('property_solvent')]: { success: true, returnData: new Uint8Array() },
      [sel('echidna_owner')]: { success: true, returnData: hexToBytes(encodeAbiParameters([{ type: 'uint256' }], [2n])) },
    });
    expect((await checkProperties(weird, [solvent, owner])).map((f) => f.message)).toEqual([
      'property_solvent() did not return a bool',
      'echidna_owner() did not return a bool',
    ]);
    expect((await checkProperties(weird, [solvent])).map((f) => f.evidence)).toEqual([
      { kind: 'property', property: 'property_solvent', failed: 'not-a-bool', reason: null },
    ]);
  });

  it("holds an echidna_revert_* property when it reverts and fails it when it returns (Echidna's rule)", async () => {
    const [mustRevert] = propertyFunctions(parseAbi(['function echidna_revert_paused() view returns (bool)']), 0, 2);
    expect(mustRevert!.holds).toBe('reverts');
    const reverts = probeOf({ [sel('echidna_revert_paused')]: { success: false, returnData: new Uint8Array() } });
    expect(await checkProperties(reverts, [mustRevert!])).toEqual([]);
    for (const answer of [true, false]) {
      const returns = probeOf({ [sel('echidna_revert_paused')]: { success: true, returnData: bool(answer) } });
      const failures = await checkProperties(returns, [mustRevert!]);
      expect(failures.map((f) => f.message)).toEqual(['echidna_revert_paused() returned instead of reverting']);
      expect(failures.map((f) => f.evidence)).toEqual([{ kind: 'property', property: 'echidna_revert_paused', failed: 'did-not-revert', reason: null }]);
    }
  });
});
