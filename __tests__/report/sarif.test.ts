import { readFileSync } from 'node:fs';
import { FINDING_KINDS } from '../../src/oracles/index.js';
import { fileUri, findingKindAnchor, LOOKOUT_REPOSITORY_URL, renderSarif, SARIF_SCHEMA } from '../../src/report/sarif.js';
import { finding, report } from './sampleReport.js';

describe('renderSarif', () => {
  const log = renderSarif(
    report({ findings: [finding({ introduced: false, kind: 'assertion', panicCode: '0x01', line: 20 }), finding(), finding({ line: 50 })] }),
  );
  const [run] = log.runs;

  it('is a SARIF 2.1.0 log with the required properties', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toBe(SARIF_SCHEMA);
    expect(run.tool.driver).toMatchObject({ name: 'Lookout', version: '0.1.0' });
    for (const result of run.results!) {
      expect(result.message.text).toEqual(expect.any(String));
      expect(result.ruleId).toBe(run.tool.driver.rules![result.ruleIndex!].id);
    }
    // Round-trips through JSON without losing anything (no undefined-valued keys, no cycles).
    expect(JSON.parse(JSON.stringify(log))).toEqual(log);
  });

  it('has one rule per finding kind present', () => {
    expect(run.tool.driver.rules!.map((r) => r.id)).toEqual(['lookout/panic', 'lookout/assertion']);
  });

  it('gives each rule markdown help, a help link and a security severity, with one level per kind', () => {
    const withUri = renderSarif(report(), { informationUri: 'https://github.com/acme/lookout' }).runs[0].tool.driver.rules!;
    expect(withUri[0].helpUri).toBe('https://github.com/acme/lookout#kind-panic');
    // Written by the CLI (no Action repository), each rule still links Lookout's README section of its kind.
    expect(run.tool.driver.rules!.map((r) => r.helpUri)).toEqual([`${LOOKOUT_REPOSITORY_URL}#kind-panic`, `${LOOKOUT_REPOSITORY_URL}#kind-assertion`]);
    expect(run.tool.driver.informationUri).toBe(LOOKOUT_REPOSITORY_URL);
    const [panic] = run.tool.driver.rules!;
    expect(panic.help!.markdown).toMatch(/^\*\*A Solidity panic\.\*\* /);
    expect(panic.properties!['security-severity']).toBe('5.0');
    expect(panic.defaultConfiguration!.level).toBe('error');
    const storage = renderSarif(report({ findings: [finding({ kind: 'arbitrary-storage-write', panicCode: null })] })).runs[0].tool.driver.rules![0];
    expect(storage.properties!['security-severity']).toBe('9.0');
  });

  it('places results at file and line, at their rule’s level whatever their origin (an alert never flips)', () => {
    expect(run.results!.map((r) => [r.ruleId, r.level, r.locations![0].physicalLocation!.region!.startLine])).toEqual([
      ['lookout/panic', 'error', 38],
      ['lookout/panic', 'error', 50],
      ['lookout/assertion', 'error', 20],
    ]);
    expect(run.results![0].locations![0].physicalLocation!.artifactLocation).toEqual({ uri: 'src/Auction.sol', uriBaseId: '%SRCROOT%' });
  });

  it('gives each counterexample as a thread flow of its calls, the last at the failure', () => {
    const [flow] = run.results![0].codeFlows![0].threadFlows;
    expect(flow.locations.map((l) => l.location!.message!.text)).toEqual([
      'alice: auction.bid{value: 1.5 ether}()',
      'after 1 h and 1 block: bob: auction.settle(type(uint256).max - 4)',
    ]);
    expect(flow.locations[0].location!.logicalLocations![0].fullyQualifiedName).toBe('Auction.bid()');
    expect(flow.locations[1].location!.physicalLocation!.region!.startLine).toBe(38);
  });

  it('has a README section for every rule’s help link', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const kind of FINDING_KINDS) expect(readme).toContain(`<a id="${findingKindAnchor(kind)}"></a>\`${kind}\``);
  });

  it('lists errors first, then notes, each level in the items’ order', () => {
    const change = (fn: string) =>
      finding({
        kind: 'behaviour-change',
        panicCode: null,
        function: fn,
        behaviour: { difference: 'outcome', base: 'reverts', head: 'succeeds', grade: 'returns' },
      });
    const results = renderSarif(report({ findings: [change('a()'), finding({ introduced: false, line: 20 }), change('b()'), finding()] })).runs[0].results!;
    expect(results.map((r) => [r.level, r.locations![0].physicalLocation!.region!.startLine, r.message.text!.split(':')[0]])).toEqual([
      ['error', 38, 'panic 0x32 in Auction.settle(uint256)'],
      ['error', 20, 'panic 0x32 in Auction.settle(uint256)'],
      ['note', 38, 'behaviour-change in Auction.a()'],
      ['note', 38, 'behaviour-change in Auction.b()'],
    ]);
  });

  it('names the function once in a result’s message', () => {
    const change = finding({
      kind: 'behaviour-change',
      panicCode: null,
      function: 'withdraw(uint256)',
      message: 'vault.withdraw(uint256): base: reverts; head: succeeds',
      behaviour: { difference: 'outcome', base: 'reverts', head: 'succeeds', grade: 'returns' },
    });
    const property = finding({ kind: 'property', panicCode: null, function: 'property_solvent()', message: 'property_solvent() returned false' });
    const texts = renderSarif(report({ findings: [finding(), property, change] })).runs[0].results!.map((r) => r.message.text);
    expect(texts).toEqual([
      'panic 0x32 in Auction.settle(uint256): index out of bounds (introduced by this PR)',
      'property: property_solvent() returned false (introduced by this PR)',
      'behaviour-change in Auction.withdraw(uint256): base reverts; head succeeds (introduced by this PR)',
    ]);
  });

  it('keeps a finding without a source location, by its function', () => {
    const [result] = renderSarif(report({ findings: [finding({ file: null, line: null })] })).runs[0].results!;
    expect(result.locations).toEqual([{ logicalLocations: [{ fullyQualifiedName: 'Auction.settle(uint256)', kind: 'function' }] }]);
  });
});

describe('fileUri', () => {
  it('percent-encodes what a URI would read otherwise, segment by segment', () => {
    expect(fileUri('src/Auction.sol')).toBe('src/Auction.sol');
    expect(fileUri('src/my vault/#1 %41.sol')).toBe('src/my%20vault/%231%20%2541.sol');
  });
});
