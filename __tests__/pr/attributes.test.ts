/**
 * Issue 28: attributes the pull request commits cannot hide what it changed. `*.sol -diff` would
 * make git print "Binary files differ"; `export-subst` would have the exported head (what the Action
 * fuzzes when the work tree is elsewhere) differ from the commit, `export-ignore` leave files out of it.
 */
import { lookoutPr, pullRequest, type PrRepo } from './prRepo.js';

const BASE = `pragma solidity ^0.8.0;
contract Lever {
    uint256 public pulls;
    function pull(uint256 times) external {
        pulls += times;
    }
}
`;
const HEAD = BASE.replace('        pulls += times;\n', '        pulls += times;\n        assert(times != 7);\n');

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

describe('a pull request whose .gitattributes would hide its change', () => {
  it('still has its changed lines fuzzed when it marks Solidity -diff', async () => {
    const repo = await pullRequest({ 'src/Lever.sol': BASE }, { 'src/Lever.sol': HEAD, '.gitattributes': '*.sol -diff\n' });
    repos.push(repo);
    // The assertion is found after 18 transactions (33 below); fewer than 100 would save no time.
    const run = await lookoutPr(repo, { budget: '100x', extra: ['--no-behaviour-diff'] });
    expect(run.report.targets.map((t) => [t.file, t.line, t.status])).toContainEqual(['src/Lever.sol', 6, 'reached']);
    expect(run.report.findings.map((f) => [f.kind, f.line, f.introduced])).toEqual([['assertion', 6, true]]);
    expect(run.status).toBe(1);
  });

  it('fuzzes the committed head, not what export attributes make of it, when the work tree is elsewhere', async () => {
    // `git archive` would leave the contract out of the exported head (export-ignore) and rewrite `$Format:%H$` (export-subst).
    const attributes = 'src/Lever.sol export-ignore export-subst\n';
    const head = HEAD.replace('contract Lever {', 'contract Lever {\n    string public constant BUILD = "$Format:%H$";');
    const repo = await pullRequest({ 'src/Lever.sol': BASE }, { 'src/Lever.sol': head, '.gitattributes': attributes });
    repos.push(repo);
    const headCommit = await repo.git('rev-parse', 'HEAD');
    await repo.git('checkout', '-q', 'HEAD~1');
    const run = await lookoutPr(repo, { budget: '100x', base: 'HEAD', head: headCommit, extra: ['--no-behaviour-diff'] });
    expect(run.report.errors ?? []).toEqual([]);
    expect(run.report.findings.map((f) => [f.kind, f.line, f.introduced])).toEqual([['assertion', 7, true]]);
  });
});
