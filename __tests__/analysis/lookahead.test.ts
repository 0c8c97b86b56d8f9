import { lookahead } from '../../src/analysis/lookahead.js';
import { prepareProgram } from '../../src/analysis/program.js';
import type { TargetSet } from '../../src/analysis/types.js';
import { assemble } from './assemble.js';

/**
 * Fig. 2 in miniature: `ret` is 1 or 2 depending on calldata, an input-dependent loop follows, and
 * the target is behind `ret == 2`. Labels named j* sit on the jumps the path records.
 */
const FIG2 = assemble(`
  PUSH1 0
  CALLDATALOAD
  PUSH @then
  jx:
  JUMPI            ; if (x) then
  PUSH1 1          ; else: ret = 1
  PUSH @join
  jelse:
  JUMP
  then:
  JUMPDEST
  PUSH1 2          ; ret = 2
  PUSH @join
  jthen:
  JUMP
  join:
  JUMPDEST
  PUSH1 32
  CALLDATALOAD     ; w
  loop:
  JUMPDEST
  DUP1
  ISZERO
  PUSH @after
  jexit:
  JUMPI            ; while (w != 0)
  PUSH1 1
  SWAP1
  SUB              ; w--
  PUSH @loop
  jback:
  JUMP
  after:
  JUMPDEST
  POP
  PUSH1 2
  EQ
  PUSH @target
  jret:
  JUMPI            ; if (ret == 2)
  STOP
  target:
  JUMPDEST
  STOP`);

const L = FIG2.labels;
const fig2 = prepareProgram(FIG2.code);
const targets: TargetSet = { pcs: new Set([L.target]), elsewhere: false };

/** The recorded path of the else branch with `iterations` turns of the loop. */
function elsePath(iterations: number): Uint32Array {
  const pairs: number[] = [L.jx, L.jx + 1, L.jelse, L.join];
  for (let i = 0; i < iterations; i++) pairs.push(L.jexit, L.jexit + 1, L.jback, L.loop);
  pairs.push(L.jexit, L.after, L.jret, L.jret + 1);
  return Uint32Array.from(pairs);
}

describe('lookahead (Alg. 2) on hand-assembled code', () => {
  it('ends the no-target-ahead prefix at the first split point that fixes ret = 1', () => {
    const result = lookahead(fig2, elsePath(3), targets);
    expect(result).toMatchObject({ prefixLength: 1, splitPoints: [0, L.jx + 1], targetsAhead: false });
    expect(result.bailout).toBeUndefined();
    expect(result.lid).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives every loop count on the else branch the same LID', () => {
    const lids = new Set([0, 1, 5, 40].map((n) => lookahead(fig2, elsePath(n), targets).lid));
    expect(lids.size).toBe(1);
  });

  it('keeps the whole path when the target is reached, with a LID per path', () => {
    const reaching = (iterations: number): Uint32Array => {
      const pairs: number[] = [L.jx, L.then, L.jthen, L.join];
      for (let i = 0; i < iterations; i++) pairs.push(L.jexit, L.jexit + 1, L.jback, L.loop);
      pairs.push(L.jexit, L.after, L.jret, L.target);
      return Uint32Array.from(pairs);
    };
    const one = lookahead(fig2, reaching(1), targets);
    const two = lookahead(fig2, reaching(2), targets);
    expect(one).toMatchObject({ prefixLength: 6, targetsAhead: true });
    expect(one.splitPoints).toEqual([0, L.then, L.join, L.jexit + 1, L.loop, L.after, L.target]);
    expect(two.prefixLength).toBe(8);
    expect(two.lid).not.toBe(one.lid);
  });

  it('ignores split points past the prefix-location limit', () => {
    const result = lookahead(fig2, elsePath(2), targets, { maxPrefixLocations: 3 });
    expect(result).toMatchObject({ prefixLength: 8, targetsAhead: true, splitPoints: [0] });
    expect(result.lid).not.toBe(lookahead(fig2, elsePath(2), targets).lid);
  });

  it('bails out on a path that disagrees with the code', () => {
    const wrongPc = Uint32Array.from([L.jx + 1, L.then]);
    expect(lookahead(fig2, wrongPc, targets)).toMatchObject({ bailout: 'path-mismatch', targetsAhead: true });
    // The then branch jumps to the constant `join`: a recorded jump elsewhere cannot have happened.
    const wrongDest = Uint32Array.from([L.jx, L.then, L.jthen, L.loop]);
    expect(lookahead(fig2, wrongDest, targets)).toMatchObject({ bailout: 'path-mismatch', targetsAhead: true });
  });

  it('counts a call in the suffix as reaching targets in other code, or this code again', () => {
    const { code, labels } = assemble(`
      PUSH1 0
      CALLDATALOAD
      PUSH @second
      jfirst:
      JUMPI
      PUSH1 0
      PUSH1 0
      PUSH1 0
      PUSH1 0
      PUSH1 0
      PUSH1 0
      GAS
      CALL             ; an external call behind the fall-through
      STOP
      second:
      JUMPDEST
      PUSH1 0
      PUSH @deadcode
      jdead:
      JUMPI            ; never taken
      reachable:
      STOP
      deadcode:
      JUMPDEST
      STOP`);
    const program = prepareProgram(code);
    const path = Uint32Array.from([labels.jfirst, labels.jfirst + 1]);
    const check = (pcs: number[], elsewhere: boolean): boolean => lookahead(program, path, { pcs: new Set(pcs), elsewhere }).targetsAhead;
    expect(check([labels.deadcode], false)).toBe(false); // nothing in any code can reach it
    expect(check([labels.deadcode], true)).toBe(true); // the callee may hold a target
    expect(check([labels.reachable], false)).toBe(true); // the callee may call back into this code
  });
});
