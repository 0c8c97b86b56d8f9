/**
 * Tokens deployed beside a contract that trades tokens it is not given at construction (issue 31 item 1),
 * on the Uniswap v2-shaped fixture __fixtures__/stage/pair/base.
 */
import path from 'node:path';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/compile/types.js';
import { emptyProjectConfig } from '../../src/config/projectConfig.js';
import { deployWorld } from '../../src/deploy/deployWorld.js';
import { createsBalanceReaders, readsTokenBalances, stageTokenCandidates } from '../../src/deploy/stageTokens.js';
import { Rng } from '../../src/rng.js';

const FIXTURE = path.resolve('__fixtures__/stage/pair/base');

let project: CompiledProject;
beforeAll(async () => {
  project = await compileProject({ root: FIXTURE, paths: ['src'] });
});

const named = (name: string): CompiledContract => project.contracts.find((c) => c.name === name)!;

describe('stage tokens', () => {
  it('tells a pair calling balanceOf on its tokens from tokens that only answer it and a factory embedding the pair', () => {
    expect(['Pair', 'ERC20', 'PairERC20', 'Factory'].map((name) => [name, readsTokenBalances(named(name).deployed.bytecode, project.contracts)])).toEqual([
      ['Pair', true],
      ['ERC20', false],
      ['PairERC20', false],
      ['Factory', false],
    ]);
  });

  it('offers the token whose constructor gives a supply before the bare LP token base, and none for a contract that trades nothing', () => {
    expect(stageTokenCandidates(named('Pair'), project.contracts).map((c) => c.name)).toEqual(['ERC20', 'PairERC20']);
    expect(stageTokenCandidates(named('ERC20'), project.contracts)).toEqual([]);
  });

  it('offers them to a factory creating pairs too, though its constructor takes an address (a role, not what it trades)', () => {
    expect(['Factory', 'Pair', 'ERC20'].map((name) => [name, createsBalanceReaders(named(name).deployed.bytecode, project.contracts)])).toEqual([
      ['Factory', true],
      ['Pair', false],
      ['ERC20', false],
    ]);
    expect(stageTokenCandidates(named('Factory'), project.contracts).map((c) => c.name)).toEqual(['ERC20', 'PairERC20']);
  });

  it('deploys two instances before the pair, held by the deployer, and fuzzes them with it', async () => {
    const world = await deployWorld({ contracts: project.contracts, wanted: [named('Pair').id], config: emptyProjectConfig(), rng: new Rng(1) });
    expect(world.deployed.map((d) => [d.contract.name, d.index, d.dependencies])).toEqual([
      ['ERC20', 0, []],
      ['ERC20', 1, []],
      ['Pair', 2, [0, 1]],
    ]);
    expect(new Set(world.deployed.map((d) => d.address)).size).toBe(3);
  });

  it('deploys them before a changed factory, whose createPair(token0, token1) then has tokens to pass', async () => {
    const world = await deployWorld({ contracts: project.contracts, wanted: [named('Factory').id], config: emptyProjectConfig(), rng: new Rng(1) });
    expect(world.deployed.map((d) => [d.contract.name, d.index, d.dependencies])).toEqual([
      ['ERC20', 0, []],
      ['ERC20', 1, []],
      ['Factory', 2, [0, 1]],
    ]);
  });
});
