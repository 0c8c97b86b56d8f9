import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bytesToHex, decodeAbiParameters, decodeFunctionResult, encodeFunctionData, type Abi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import { Executor } from '../../src/evm/executor.js';
import { stringOfBytes } from '../../src/abi/stringBytes.js';
import { addressText, etherText, fixedBytesText, integerText, stringText } from '../../src/abi/vocabulary.js';

/**
 * The value formatter's output is Solidity: every expression is compiled by real solc into a pure
 * function, run on the EVM, and must return the value it was made from.
 */
const ALICE = '0x0000000000000000000000000000000000020000';
const cases: { type: string; value: bigint | string; text: string }[] = [
  ...[7n, 2n ** 256n - 1n, 2n ** 256n - 5n, 2n ** 128n, 2n ** 64n - 1n, 2n ** 100n + 3n, 5n * 10n ** 18n, 1_234_567_891n].map((value) => ({
    type: 'uint256',
    value,
    text: integerText(value, 'uint256'),
  })),
  ...[-(2n ** 255n), -(2n ** 255n) + 2n, 2n ** 255n - 1n, -(2n ** 100n), -1_234_567_891n].map((value) => ({
    type: 'int256',
    value,
    text: integerText(value, 'int256'),
  })),
  { type: 'uint8', value: 255n, text: integerText(255n, 'uint8') },
  { type: 'uint128', value: 2n ** 128n - 3n, text: integerText(2n ** 128n - 3n, 'uint128') },
  ...[10n ** 18n, 15n * 10n ** 17n, 20n * 10n ** 9n, 3n, 1_234_567_890_123_456_789n].map((value) => ({ type: 'uint256', value, text: etherText(value) })),
  ...[`0x${'0'.repeat(64)}`, `0x${'0'.repeat(62)}05`, `0x${'ab'.repeat(32)}`].map((value) => ({
    type: 'bytes32',
    value,
    text: fixedBytesText(value, 'bytes32'),
  })),
  { type: 'bytes4', value: '0x12345678', text: fixedBytesText('0x12345678', 'bytes4') },
  { type: 'address', value: ALICE, text: addressText(ALICE, new Map([[ALICE, 'alice']])) },
  { type: 'address', value: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045', text: addressText('0xd8da6bf26964af9d7eed9e03e53415d37aa96045', new Map()) },
  { type: 'address', value: `0x${'0'.repeat(40)}`, text: addressText(`0x${'0'.repeat(40)}`, new Map()) },
  // Raw bytes (no valid UTF-8) stand in a string as U+DC80–U+DCFF; text and raw bytes mixed.
  ...['lookout', 'café "ü"', '\udcf8', 'aé\udcc3b\udcff'].map((value) => ({ type: 'string memory', value, text: stringText(value) })),
];

let dir: string;
let executor: Executor;
let abi: Abi;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-values-'));
  const functions = cases.map((c, i) => `    function v${i}() external pure returns (${c.type}) { return ${c.text}; }`).join('\n');
  const source = `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n\naddress constant alice = ${addressText(ALICE, new Map())};\n\ncontract Values {\n${functions}\n}\n`;
  writeFileSync(path.join(dir, 'Values.sol'), source);
  const project = await compileProject({ root: dir, paths: ['Values.sol'] });
  expect(project.errors).toEqual([]);
  const contract = project.contracts.find((c) => c.name === 'Values')!;
  abi = contract.abi;
  executor = await Executor.create([{ name: 'Values', abi, creationCode: contract.creation.bytecode }]);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it.each(cases.map((c, i) => [c.text, c.type, i] as const))('%s compiles as %s and evaluates to the value', async (_text, _type, i) => {
  const functionName = `v${i}`;
  const { success, returnData } = await executor.view(0, Uint8Array.from(Buffer.from(encodeFunctionData({ abi, functionName }).slice(2), 'hex')));
  expect(success).toBe(true);
  if (cases[i].type === 'string memory') {
    // Read as bytes: viem would read a string's invalid UTF-8 as U+FFFD.
    const [bytes] = decodeAbiParameters([{ type: 'bytes' }], returnData);
    expect(stringOfBytes(Buffer.from(bytes.slice(2), 'hex'))).toBe(cases[i].value);
    return;
  }
  const result = decodeFunctionResult({ abi, functionName, data: bytesToHex(returnData) });
  const expected = cases[i].value;
  expect(typeof expected === 'string' ? String(result).toLowerCase() : BigInt(result as bigint)).toEqual(expected);
});
