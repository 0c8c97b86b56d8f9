/**
 * Acceptance for the bundled CLI (issue 3): `node dist/cli/index.js pr … --budget 5s` writes the JSON
 * report of DESIGN.md exactly and finishes within budget + 25 % + 30 s. Build dist first with
 * `npm run package`. The only test that spends wall-clock time (five seconds: the deadline rule, not the
 * length, is what it checks; the panic is found within half a second of fuzzing).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BEHAVIOUR_KINDS } from '../../src/oracles/index.js';
import type { Report } from '../../src/report/types.js';
import { lineOf, pullRequest, type PrRepo } from './prRepo.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const CLI = path.join(REPO_ROOT, 'dist/cli/index.js');
const ENGINE = path.join(REPO_ROOT, '__fixtures__/engine');
const BUDGET_SECONDS = 5;
const DEADLINE_MS = (BUDGET_SECONDS * 1.25 + 30) * 1000;

const keys = (value: object) => Object.keys(value).sort();

function node(args: string[], cwd: string): Promise<{ status: number | null; stderr: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr, ms: performance.now() - started }));
  });
}

describe('dist/cli/index.js pr', () => {
  let repo: PrRepo;
  afterAll(async () => {
    await repo?.dispose();
  });

  it(
    'writes the DESIGN.md JSON report and finishes within budget + 25 % + 30 s',
    async () => {
      expect(existsSync(CLI)).toBe(true); // run `npm run package` first
      const vault = readFileSync(path.join(ENGINE, 'Vault.sol'), 'utf8');
      const safe = readFileSync(path.join(ENGINE, 'VaultSafe.sol'), 'utf8').replaceAll('VaultSafe', 'Vault');
      const file = 'contracts/vault/Vault.sol';
      repo = await pullRequest({ [file]: safe, 'README.md': 'vault\n' }, { [file]: vault });
      const json = path.join(repo.dir, 'out.json');

      const args = [CLI, 'pr', '--repo', repo.dir, '--base', 'HEAD~1', '--head', 'HEAD', '--budget', `${BUDGET_SECONDS}s`, '--seed', '1', '--json', 'out.json'];
      const run = await node(args, repo.dir);
      expect(run.ms).toBeLessThan(DEADLINE_MS);
      expect(run.status).toBe(1); // the pull request introduces the out-of-bounds read
      const report = JSON.parse(readFileSync(json, 'utf8')) as Report;

      // Every key set at once, so one run shows every difference from DESIGN.md.
      expect(report.targets.length).toBeGreaterThan(0);
      const failures = report.findings.filter((f) => !BEHAVIOUR_KINDS.includes(f.kind));
      expect(failures).toHaveLength(1);
      // The base reverted with its own message where head reads out of bounds: a behaviour change too.
      expect(report.findings.filter((f) => f.kind === 'behaviour-change').map((f) => f.behaviour?.difference)).toContain('revert-reason');
      const distinct = (sets: string[][]) => [...new Set(sets.map((set) => set.join(',')))];
      expect({
        report: keys(report).join(','),
        tool: keys(report.tool).join(','),
        budget: keys(report.budget).join(','),
        stats: keys(report.stats).join(','),
        targets: distinct(report.targets.map(keys)),
        findings: distinct(failures.map(keys)),
        // A group's representative: the other examples have no reproducer (one item per group).
        behaviourChanges: distinct(report.findings.filter((f) => f.kind === 'behaviour-change' && f.behaviour?.representative).map(keys)),
        sequence: distinct(report.findings.flatMap((f) => f.sequence.map(keys))),
      }).toEqual({
        // build and deployments: DESIGN.md's compilers per group and deployed-or-skipped contracts (issue 11).
        // base and senders: what findings were compared with, and who sends the transactions (issue 15).
        // interrupted: whether a signal cut the run short (issue 28).
        // shard: DESIGN.md's (null for a whole run); revisions: the commits compared, which `lookout merge` checks (issue 32).
        report: 'base,budget,build,deployments,findings,interrupted,revisions,schemaVersion,seed,senders,shard,stats,targets,tool',
        tool: 'name,version',
        budget: 'executions,seconds',
        // `prediction`: issue 5's addition to DESIGN.md's stats (the one-shot success rate); `fuzzMs` and
        // `inputsKept`: issue 13's (the campaign clock, and how many inputs path identity kept); `budgetPlan`:
        // issue 27's (how the budget was shared out).
        stats: 'analysisMs,behaviourDiff,budgetPlan,elapsedMs,fuzzMs,inputsKept,prediction,sequences,transactions,transactionsPerSecond',
        // removed: the target stands for the deleted require (issue 29).
        // firstReachedTransactions, foundTransactions: counts that do not depend on the machine (issue 32).
        targets: ['contract,contractFile,file,firstReachedMs,firstReachedSequence,firstReachedTransactions,line,pcs,reason,removed,status'],
        // executesChangedLines: the additive field of `lookout pr` findings; evidence: the oracle's facts (issue 27).
        findings: [
          'contract,contractFile,enteredLines,evidence,executesChangedLines,file,foundMs,foundTransactions,function,introduced,kind,line,message,panicCode,reproducer,sequence',
        ],
        // DESIGN.md's `behaviour` field, with what differs (issue 12).
        behaviourChanges: [
          'behaviour,contract,contractFile,evidence,file,foundMs,foundTransactions,function,introduced,kind,line,message,panicCode,reproducer,sequence',
        ],
        // blockDelay and timeDelay: the delays a call needs, so a reproducer can replay them (issue 14);
        // address: which deployment was called, when a setUp() made two of one contract (issue 17).
        sequence: ['address,args,blockDelay,calldata,contract,function,sender,timeDelay,value'],
      });
      expect(report).toMatchObject({
        schemaVersion: 1,
        tool: { name: 'lookout' },
        seed: 1,
        budget: { seconds: BUDGET_SECONDS, executions: null },
        base: 'compared',
      });
      expect(report.senders!.map((s) => s.name)).toEqual(['deployer', 'alice', 'bob']);
      expect(report.stats.transactions).toBeGreaterThan(0);
      for (const target of report.targets) expect(target.file).toBe(file);
      const read = lineOf(vault, 'lastRead = slots[i];'); // where the removed require stood
      expect(report.targets).toContainEqual(expect.objectContaining({ contract: 'Vault', line: read, status: 'reached' }));

      const [finding] = failures;
      expect(finding).toMatchObject({ kind: 'panic', panicCode: '0x32', file, line: read, function: 'slot(uint256)', introduced: true });
      expect(finding.sequence.map((c) => c.function)).toEqual(['deposit()', 'slot(uint256)']);
    },
    (BUDGET_SECONDS * 1.25 + 60) * 1000,
  );
});
