import { fileUri, renderSarif, SARIF_SCHEMA } from '../../src/report/sarif.js';
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
    expect(withUri[0].helpUri).toBe('https://github.com/acme/lookout#finding-kinds');
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
      'after 3600 s and 1 block: bob: auction.settle(type(uint256).max - 4)',
    ]);
    expect(flow.locations[0].location!.logicalLocations![0].fullyQualifiedName).toBe('Auction.bid()');
    expect(flow.locations[1].location!.physicalLocation!.region!.startLine).toBe(38);
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
