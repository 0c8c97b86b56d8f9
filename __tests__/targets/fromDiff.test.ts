import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { compileProject } from '../../src/compile/compile.js';
import { changedLines } from '../../src/diff/git.js';
import { buildTargets } from '../../src/targets/buildTargets.js';

const run = promisify(execFile);

const VAULT = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Vault {
    mapping(address => uint256) public balance;

    function deposit() external payable {
        balance[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balance[msg.sender] >= amount, "low");
        balance[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }
}
`;

describe('diff → targets', () => {
  let dir: string;
  const git = (...args: string[]) => run('git', ['-C', dir, '-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args]);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lookout-targets-'));
    await git('init', '-q', '-b', 'main');
    await writeFile(join(dir, 'Vault.sol'), VAULT);
    await git('add', '-A');
    await git('commit', '-q', '-m', 'base');
    // Change the require, delete the balance update, add a comment.
    const head = VAULT.replace('>= amount, "low"', '> amount, "low"')
      .replace('        balance[msg.sender] -= amount;\n', '')
      .replace('contract Vault {', '/// @notice vault\ncontract Vault {');
    await writeFile(join(dir, 'Vault.sol'), head);
    await git('commit', '-q', '-am', 'head');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('targets the changed require and the line that now follows the deletion, not the comment', async () => {
    const changes = await changedLines({ repo: dir, base: 'HEAD~1' });
    const project = await compileProject({ root: dir, paths: ['.'] });
    const targets = buildTargets(project, changes);
    expect(targets.map((t) => [t.line, t.contract, t.status])).toEqual([
      [13, 'Vault.sol:Vault', 'code'], // require(balance[msg.sender] > amount, "low");
      [14, 'Vault.sol:Vault', 'code'], // payable(msg.sender).transfer(amount);
    ]);
    // Base line 13, `balance[msg.sender] -= amount;` (head's new comment line moves what follows down one).
    expect(targets.map((t) => t.removed)).toEqual([undefined, { from: 13, to: 13 }]);
  });
});
