import { escapeData, escapeProperty, renderAnnotations, toWorkflowCommands, type Annotation } from '../../src/report/annotations.js';
import { finding, report, target } from './sampleReport.js';

describe('renderAnnotations', () => {
  it('orders build errors, introduced findings, pre-existing findings, unreached lines, then unreachable notices', () => {
    const annotations = renderAnnotations(report());
    expect(annotations.map((a) => [a.level, a.path, a.startLine, a.endLine])).toEqual([
      ['failure', 'src/Auction.sol', 38, 38],
      ['warning', 'src/Auction.sol', 20, 20],
      ['warning', 'src/Auction.sol', 30, 31],
      ['notice', 'src/Auction.sol', 40, 40],
    ]);
    // Math.sol:5 is unreached in Auction but reached in Market: no annotation.
    expect(annotations[0].title).toBe('Lookout: panic 0x32 in Auction.settle(uint256) (introduced by this PR)');
    expect(annotations[0].message).toContain(
      'Reproduce:\n1. alice: auction.bid{value: 1.5 ether}()\n2. after 1 h and 1 block: bob: auction.settle(type(uint256).max - 4)\n\nalice = 0x0000000000000000000000000000000000020000',
    );
    expect(annotations[2].message).toBe('No transaction sequence executed lines 30–31 within the fuzzing budget.');
  });

  it('annotates a build error at the solc error’s file and line, first', () => {
    const annotations = renderAnnotations(report({ buildErrors: [{ file: 'src/A.sol', line: 7, message: 'ParserError: Expected ;' }] }));
    expect(annotations[0]).toEqual({
      path: 'src/A.sol',
      startLine: 7,
      endLine: 7,
      level: 'failure',
      title: 'Lookout: the build failed',
      message: 'ParserError: Expected ;',
    });
  });

  it('repeats no finding that has a review thread, and fails on findings of unknown origin', () => {
    const threaded = finding();
    const unknown = finding({ introduced: null, line: 60 });
    const annotations = renderAnnotations(report({ targets: [], findings: [threaded, unknown] }), new Set([threaded]));
    expect(annotations.map((a) => [a.level, a.startLine])).toEqual([['failure', 60]]);
  });

  it('gives an unreached line the branch no run took toward it', () => {
    const missedBranch = { file: 'src/A.sol', line: 8, condition: 'require(x == 7)' };
    const [annotation] = renderAnnotations(report({ findings: [], targets: [target('src/A.sol', 9, 'unreached', { missedBranch })] }));
    expect(annotation.message).toBe(
      'No transaction sequence executed line 9 within the fuzzing budget. No run took the branch at src/A.sol:8 toward it: require(x == 7)',
    );
  });

  it('leaves out findings without a source location', () => {
    const annotations = renderAnnotations(report({ targets: [], findings: [finding({ file: null, line: null })] }));
    expect(annotations).toEqual([]);
  });

  it('does not call a line unreachable when another contract may still reach it', () => {
    const targets = [target('src/L.sol', 3, 'unreachable', { contract: 'A' }), target('src/L.sol', 3, 'unreached', { contract: 'B' })];
    expect(renderAnnotations(report({ targets, findings: [] })).map((a) => a.level)).toEqual(['warning']);
  });
});

describe('toWorkflowCommands', () => {
  const make = (level: Annotation['level'], line: number): Annotation => ({
    path: 'src/A.sol',
    startLine: line,
    endLine: line,
    level,
    title: 'T',
    message: 'M',
  });

  it('keeps the first ten of each level, in input order', () => {
    const annotations = [...Array.from({ length: 12 }, (_, i) => make('failure', i + 1)), make('notice', 99)];
    const commands = toWorkflowCommands(annotations);
    expect(commands).toHaveLength(11);
    expect(commands[9]).toBe('::error file=src/A.sol,line=10,endLine=10,title=T::M');
    expect(commands[10]).toBe('::notice file=src/A.sol,line=99,endLine=99,title=T::M');
  });

  it('escapes properties and data as the runner expects', () => {
    const [command] = toWorkflowCommands([
      { path: 'src/a,b:c.sol', startLine: 1, endLine: 2, level: 'warning', title: 'x: 100%, y', message: 'a\r\nb %0A ::c' },
    ]);
    expect(command).toBe('::warning file=src/a%2Cb%3Ac.sol,line=1,endLine=2,title=x%3A 100%25%2C y::a%0D%0Ab %250A ::c');
    expect(escapeData('%\n')).toBe('%25%0A');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
  });
});
