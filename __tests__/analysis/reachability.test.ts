import path from 'node:path';
import { prepareProgram } from '../../src/analysis/program.js';
import { checkSuffix, ENTRY_STEP_BUDGET, unreachableTargets } from '../../src/analysis/reachability.js';
import { initialState } from '../../src/analysis/state.js';
import type { TargetSet } from '../../src/analysis/types.js';
import { compileProject } from '../../src/compile/compile.js';
import { assemble } from './assemble.js';

/** Which of the labelled places the empty-prefix analysis proves unreachable. */
function unreachable(source: string, names: string[]): string[] {
  const { code, labels } = assemble(source);
  const targets: TargetSet = { pcs: new Set(names.map((name) => labels[name])), elsewhere: false };
  const proven = unreachableTargets(prepareProgram(code), targets);
  return names.filter((name) => proven.has(labels[name]));
}

describe('empty-prefix reachability over hand-assembled code', () => {
  it('resolves a constant jump target and skips the code it jumps over', () => {
    const source = `
      PUSH @dest
      JUMP
      skipped:
      PUSH1 1
      STOP
      dest:
      JUMPDEST
      STOP`;
    expect(unreachable(source, ['skipped', 'dest'])).toEqual(['skipped']);
  });

  it('resolves jump targets computed through DUP, SWAP and ADD', () => {
    const source = `
      PUSH1 9
      PUSH @base
      DUP1
      SWAP2          ; stack: base, base, 9
      ADD            ; base + 9
      SWAP1
      POP
      JUMP           ; to base + 9 = real
      base:
      JUMPDEST
      PUSH1 0
      PUSH1 0
      REVERT
      STOP
      PUSH1 2        ; padding
      real:
      JUMPDEST
      STOP`;
    const { labels } = assemble(source);
    expect(labels.real - labels.base).toBe(9);
    expect(unreachable(source, ['base', 'real'])).toEqual(['base']);
  });

  it('decides PUSH a; PUSH b; GT; JUMPI statically and keeps only one branch', () => {
    const source = `
      PUSH1 2
      PUSH1 1
      GT             ; 1 > 2 = 0
      PUSH @taken
      JUMPI
      fallthrough:
      STOP
      taken:
      JUMPDEST
      STOP`;
    expect(unreachable(source, ['fallthrough', 'taken'])).toEqual(['taken']);
    const flipped = source.replace('GT ', 'LT ');
    expect(unreachable(flipped, ['fallthrough', 'taken'])).toEqual(['fallthrough']);
  });

  it('keeps both branches when the condition depends on calldata', () => {
    const source = `
      PUSH1 0
      CALLDATALOAD
      PUSH @taken
      JUMPI
      fallthrough:
      STOP
      taken:
      JUMPDEST
      STOP`;
    expect(unreachable(source, ['fallthrough', 'taken'])).toEqual([]);
  });

  it('sends a Top jump target to every JUMPDEST, but not into straight-line code', () => {
    const source = `
      PUSH1 0
      CALLDATALOAD
      JUMP
      nodest:
      PUSH1 1
      STOP
      a:
      JUMPDEST
      STOP
      b:
      JUMPDEST
      STOP`;
    expect(unreachable(source, ['nodest', 'a', 'b'])).toEqual(['nodest']);
  });

  it('sends a bounded jump target to the JUMPDESTs within its bounds only', () => {
    const source = `
      PUSH1 0
      CALLDATALOAD
      PUSH1 1
      AND            ; 0 or 1
      PUSH @first
      ADD            ; first or second
      JUMP
      before:
      JUMPDEST
      STOP
      first:
      JUMPDEST
      second:
      JUMPDEST
      STOP
      after:
      JUMPDEST
      STOP`;
    expect(unreachable(source, ['before', 'first', 'second', 'after'])).toEqual(['before', 'after']);
  });

  it('halts on a constant jump to a non-JUMPDEST and on stack underflow', () => {
    const source = `
      PUSH @notdest
      JUMP
      notdest:
      STOP`;
    expect(unreachable(source, ['notdest'])).toEqual(['notdest']);
    const underflow = `
      ADD
      after:
      STOP`;
    expect(unreachable(underflow, ['after'])).toEqual(['after']);
  });

  it('terminates on a loop and knows the counter at its exit', () => {
    const source = `
      PUSH1 0        ; i
      head:
      JUMPDEST
      PUSH1 1
      ADD            ; i + 1
      DUP1
      PUSH1 10
      GT             ; 10 > i
      PUSH @head
      JUMPI
      PUSH1 10
      EQ             ; i == 10 after the loop: in [1, 10] by widening to the constant, and not below 10
      PUSH @done
      JUMPI
      maybe:
      STOP
      done:
      JUMPDEST
      STOP
      never:
      JUMPDEST       ; no jump ever targets it: every target is a constant
      STOP`;
    expect(unreachable(source, ['maybe', 'done', 'never'])).toEqual(['maybe', 'never']);
  });

  it('keeps distinct return addresses of an internal function called from two sites', () => {
    const source = `
      PUSH @ret1
      PUSH @fn
      JUMP
      ret1:
      JUMPDEST
      PUSH @ret2
      PUSH @fn
      JUMP
      ret2:
      JUMPDEST
      STOP
      fn:
      JUMPDEST
      JUMP
      island:
      JUMPDEST       ; reached only if the return jump were Top
      STOP`;
    expect(unreachable(source, ['ret1', 'ret2', 'island'])).toEqual(['island']);
  });
});

describe('what the analyses cost', () => {
  // A loop: each round is a few steps more for the fixpoint, until the counter widens.
  const loop = `
      PUSH1 0
      head:
      JUMPDEST
      PUSH1 1
      ADD
      DUP1
      PUSH1 200
      GT
      PUSH @head
      JUMPI
      exit:
      STOP`;

  it('analyses a code from its entry once per process, whichever program of it asks', () => {
    const { code, labels } = assemble(`PUSH1 7\n${loop}`); // code of its own: no other test has analysed it
    const targets: TargetSet = { pcs: new Set([labels.exit]), elsewhere: false };
    const first = prepareProgram(code);
    expect(unreachableTargets(first, targets).size).toBe(0);
    expect(first.stats.steps).toBeGreaterThan(0);
    // Another analyzer's program of an equal copy (the path analyzer's, the base campaign's): no step again.
    const again = prepareProgram(code.slice());
    expect(unreachableTargets(again, targets).size).toBe(0);
    expect(again.stats.steps).toBe(0);
  });

  it('remembers a suffix check that ran out of steps: the same budget bails out again for free, a larger one runs', () => {
    const { code, labels } = assemble(loop);
    const program = prepareProgram(code);
    const targets: TargetSet = { pcs: new Set([labels.exit]), elsewhere: false };
    expect(checkSuffix(program, targets, 0, initialState(), 5)).toEqual({ unreachable: false, steps: 6, bailout: 'step-budget' });
    expect(checkSuffix(program, targets, 0, initialState(), 5)).toEqual({ unreachable: false, steps: 0, bailout: 'step-budget' });
    expect(program.stats).toMatchObject({ cacheHits: 1, bailouts: { 'step-budget': 1 } });
    const larger = checkSuffix(program, targets, 0, initialState(), 10_000);
    expect(larger).toMatchObject({ unreachable: false });
    expect(larger.bailout).toBeUndefined();
    expect(larger.steps).toBeGreaterThan(6);
  });

  it('analyses an ERC20Votes-shaped token from its entry in a fraction of the budget', async () => {
    // 174 call contexts meet at one pc: with room for 128, joined return addresses went to every
    // JUMPDEST and it took 1.1M steps (a bail-out, ~10 s); now 42k (~0.1 s).
    const root = path.join(process.cwd(), '__fixtures__/bench/votes/base');
    const project = await compileProject({ root, paths: ['src/VotesToken.sol'] });
    const program = prepareProgram(project.contracts.find((c) => c.name === 'VotesToken')!.deployed.bytecode);
    const trailer = program.code.length - 1; // the metadata after the code: a complete analysis never reaches it
    expect(unreachableTargets(program, { pcs: new Set([trailer]), elsewhere: false })).toEqual(new Set([trailer]));
    expect(program.stats.bailouts['step-budget']).toBe(0);
    expect(program.stats.steps).toBeLessThan(ENTRY_STEP_BUDGET / 4);
  });
});
