import { prepareProgram } from '../../src/analysis/program.js';
import { unreachableTargets } from '../../src/analysis/reachability.js';
import type { TargetSet } from '../../src/analysis/types.js';
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
