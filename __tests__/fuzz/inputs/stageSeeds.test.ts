import { fileURLToPath } from 'node:url';
import { parseAbi } from 'viem';
import { callTargets, encodeCall } from '../../../src/abi/encoding.js';
import { compileProject } from '../../../src/compile/compile.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { stageSeeds } from '../../../src/fuzz/inputs/stageSeeds.js';
import type { ValueContext } from '../../../src/fuzz/inputs/values.js';
import { Rng } from '../../../src/rng.js';

const PAIR = fileURLToPath(new URL('../../../__fixtures__/stage/pair/base/', import.meta.url));
const ADDRESSES = ['0x2000000000000000000000000000000000000001', '0x2000000000000000000000000000000000000002', '0x2000000000000000000000000000000000000003'];
// Uniswap v2's LP token takes ERC-2612 permits: `v` is a uint8, which the seeds' amounts (up to 2^15) do not fit.
const PERMIT = callTargets(parseAbi(['function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)']));

it("gives every integer argument of the stage's calls a value its type holds (a permit's uint8 v too)", async () => {
  const project = await compileProject({ root: PAIR, paths: ['src'] });
  const pair = project.contracts.find((c) => c.name === 'Pair')!;
  const token = project.contracts.find((c) => c.name === 'ERC20')!;
  const ctx: ValueContext = { rng: new Rng('stage'), dictionary: new Dictionary(), addresses: ADDRESSES, senders: 3, maxValue: 0n };
  const seeds = stageSeeds(
    {
      subject: 0,
      contracts: [pair, token, token],
      targets: [[...callTargets(pair.abi), ...PERMIT], callTargets(token.abi), callTargets(token.abi)],
      addresses: ADDRESSES,
      code: pair.deployed.bytecode,
    },
    ctx,
  );
  const permits = seeds.flat().filter((call) => call.target.kind === 'function' && call.target.fn.name === 'permit');
  expect(permits.length).toBeGreaterThan(0);
  for (const call of seeds.flat()) expect(() => encodeCall(call)).not.toThrow();
  for (const permit of permits) expect(permit.args[4]).toBeLessThanOrEqual(255n);
  // The amounts asked of the pair keep their range where the type holds it.
  const swaps = seeds.flat().filter((call) => call.target.kind === 'function' && call.target.fn.name === 'swap');
  expect(swaps.some((swap) => (swap.args[0] as bigint) > 255n)).toBe(true);
});
