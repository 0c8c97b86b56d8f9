import { fileURLToPath } from 'node:url';
import { instructions, stripMetadata } from '../../src/bytecode/instructions.js';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/compile/types.js';
import { openCalls, type FunctionJumps } from '../../src/targets/callStack.js';
import { codeLocations } from '../../src/targets/codeLocations.js';
import { failureLocator } from '../../src/targets/failureLocation.js';
import { LineIndex } from '../../src/targets/lineIndex.js';

describe('openCalls', () => {
  // Calls at 10 (into 100) and 120 (into 200); 210 returns to 121; 130 returns to 11; the code ends at 40 and 300.
  const code: FunctionJumps = {
    marks: new Map([
      [10, 'i'],
      [120, 'i'],
      [210, 'o'],
      [130, 'o'],
    ]),
    ends: [10, 40, 120, 130, 210, 300],
  };
  const jumps = Uint32Array.from([10, 100, 120, 200, 210, 121, 130, 11]);

  it('is the stack when the frame ran the pc, not at the end of the log', () => {
    expect(openCalls(jumps, code, 205)).toEqual([10, 120]);
    expect(openCalls(jumps, code, 125)).toEqual([10]);
    expect(openCalls(jumps, code, 105)).toEqual([10]);
  });

  it('ends the last range where the code stops, skips a return with no call open, and knows no moment for a pc the log never ran', () => {
    expect(openCalls(jumps, code, 30)).toEqual([]);
    expect(openCalls(Uint32Array.from([10, 100]), code, 250)).toEqual([]);
    expect(openCalls(Uint32Array.from([10, 100, 130, 11, 130, 11]), code, 20)).toEqual([]);
  });
});

describe('failureLocator in library code', () => {
  const root = fileURLToPath(new URL('../../__fixtures__/foundry/deleted-check/base/', import.meta.url));
  let project: CompiledProject;
  let points: CompiledContract;
  beforeAll(async () => {
    project = await compileProject({ root, paths: ['src'] });
    points = project.contracts.find((c) => c.name === 'Points')!;
  });

  /** pcs of the deployed code compiled from `file:line` with opcode `op` (and source-map jump mark `jump`). */
  function pcsAt(file: string, line: number, op: string, jump?: 'i' | 'o'): number[] {
    const lines = new Map(points.sources.map((s) => [s.path, new LineIndex(s.content)]));
    const ops = new Map([...instructions(stripMetadata(points.deployed.bytecode))].map((i) => [i.pc, i.op.name]));
    return codeLocations(points.deployed, points.sources, lines)
      .mapped.filter((m) => m.file === file && lines.get(file)!.lineOf(m.start) === line && ops.get(m.pc) === op && (jump === undefined || m.jump === jump))
      .map((m) => m.pc);
  }

  it("moves a failure in the library to the project's call on the stack, naming the library line; keeps it without one", () => {
    const [write] = pcsAt('lib/points-kit/src/ERC20.sol', 64, 'SSTORE'); // balanceOf[from] = fromBalance - value
    const [call] = pcsAt('src/Points.sol', 19, 'JUMP', 'i'); // _transfer(holder, msg.sender, amount)
    const locator = failureLocator(project, points);
    expect(project.libraryFolders).toEqual(['lib', 'node_modules']);
    // The jump log: the project's call into `_transfer`, straight on to the write.
    expect(locator.locate(write, Uint32Array.from([call, write - 1]))).toEqual({
      file: 'src/Points.sol',
      line: 19,
      library: { file: 'lib/points-kit/src/ERC20.sol', line: 64 },
    });
    expect(locator.locate(write, new Uint32Array(0))).toEqual({ file: 'lib/points-kit/src/ERC20.sol', line: 64 });
    expect(locator.locate(write)).toEqual({ file: 'lib/points-kit/src/ERC20.sol', line: 64 });
  });
});
