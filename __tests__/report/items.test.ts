/**
 * Issue 29, "one root cause, one item": behaviour changes of one (contract, function, grade) are one
 * item shown by its most alarming example, a finding carries the changes its sequence shows, and every
 * output lists and counts items — on hand-built reports.
 */
import { renderAnnotations } from '../../src/report/annotations.js';
import { headline } from '../../src/report/headline.js';
import { reportItems, withGroups } from '../../src/report/items.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { reviewThreads } from '../../src/report/review.js';
import { renderSarif } from '../../src/report/sarif.js';
import { renderSummary } from '../../src/report/summary.js';
import { renderText } from '../../src/report/text.js';
import type { BehaviourGrade } from '../../src/fuzz/index.js';
import type { ReportCall, ReportFinding } from '../../src/report/types.js';
import { ALICE, BOB, DEPLOYER, finding, report } from './sampleReport.js';

const call = (sender: string, fn: string, calldata = '0x01', extra: Partial<ReportCall> = {}): ReportCall => ({
  sender,
  contract: 'Registry',
  function: fn,
  args: [],
  value: '0',
  calldata,
  blockDelay: 0,
  timeDelay: 0,
  ...extra,
});

/** A behaviour change of Registry.`fn` whose differing call is the last of `sequence`. */
function change(fn: string, grade: BehaviourGrade, sequence: ReportCall[], extra: Partial<ReportFinding> = {}): ReportFinding {
  const kind = grade === 'permits' ? 'behaviour-permits' : grade === 'value' ? 'behaviour-value' : 'behaviour-change';
  return finding({
    kind,
    panicCode: null,
    contract: 'Registry',
    contractFile: 'src/Registry.sol',
    file: 'src/Registry.sol',
    line: 30,
    function: fn,
    message: `registry.${fn}: base: reverts; head: succeeds`,
    evidence: null,
    introduced: true,
    sequence,
    behaviour: { difference: 'outcome', base: 'reverts UnauthorizedAccount', head: 'succeeds', grade },
    ...extra,
  });
}

// The ownership takeover as a run finds it: the deployer re-accepting its own ownership (first found), a stranger taking it.
const byDeployer = change('acceptOwnership()', 'permits', [call(DEPLOYER, 'acceptOwnership()')], { foundMs: 10, foundTransactions: 10 });
const byStranger = change('acceptOwnership()', 'permits', [call(ALICE, 'transferOwnership(address)', '0x02'), call(ALICE, 'acceptOwnership()')], {
  foundMs: 20,
  foundTransactions: 20,
});
const byStrangerShort = change('acceptOwnership()', 'permits', [call(BOB, 'acceptOwnership()')], { foundMs: 30, foundTransactions: 30 });
const events = (fn: string, calldata: string) =>
  change(fn, 'events', [call(ALICE, fn, calldata)], { behaviour: { difference: 'events', base: 'emits nothing', head: 'emits Paid', grade: 'events' } });

describe('reportItems', () => {
  it('makes one item of a (contract, function, grade) group, shown by a stranger’s shortest example, whatever order they were found in', () => {
    for (const findings of [
      [byDeployer, byStranger, byStrangerShort],
      [byStrangerShort, byStranger, byDeployer],
    ]) {
      const { failures, notes } = reportItems(report({ findings }));
      expect(notes).toEqual([]);
      expect(failures).toHaveLength(1);
      expect(failures[0].finding).toBe(byStrangerShort);
      expect(failures[0].group?.examples).toEqual([byStrangerShort, byStranger, byDeployer]);
    }
    // With only the deployer's and a longer stranger's: the stranger, though found later and longer.
    expect(reportItems(report({ findings: [byDeployer, byStranger] })).failures[0].finding).toBe(byStranger);
  });

  it('elects the same representative between examples alike but for their calldata, in either order', () => {
    const [a, b] = ['0x0a', '0x0b'].map((data) => change('acceptOwnership()', 'permits', [call(ALICE, 'acceptOwnership()', data)]));
    expect(reportItems(report({ findings: [a, b] })).failures[0].finding).toBe(a);
    expect(reportItems(report({ findings: [b, a] })).failures[0].finding).toBe(a);
  });

  it('counts a group once in the headline, however many examples a run found', () => {
    const one = headline(report({ findings: [byStranger] }));
    const three = headline(report({ findings: [byDeployer, byStranger, byStrangerShort] }));
    expect(three).toEqual(one);
    expect(three).toContainEqual({ tone: 'problem', text: '1 finding introduced by this PR' });
  });

  it('keeps apart one function’s grades and other functions; notes the most alarming grade first', () => {
    const refused = change('acceptOwnership()', 'refuses', [call(ALICE, 'acceptOwnership()')]);
    const paid = events('pay()', '0x03');
    const paidAgain = events('pay()', '0x04');
    const setFee = events('setFee(uint256)', '0x05');
    const { failures, notes } = reportItems(report({ findings: [paid, setFee, refused, paidAgain, byStranger] }));
    expect(failures.map((item) => item.finding)).toEqual([byStranger]);
    expect(notes.map((item) => item.group.title)).toEqual([
      'Registry.acceptOwnership() · refuses',
      'Registry.pay() · events',
      'Registry.setFee(uint256) · events',
    ]);
    expect(notes[1].group.examples).toEqual([paid, paidAgain]);
    expect(headline(report({ findings: [paid, setFee, paidAgain] }))).toContainEqual({ tone: 'note', text: '2 kinds of behaviour change from the base' });
  });

  describe('a finding and the behaviour changes its sequence shows are one item', () => {
    // A token theft through transferFrom: the behaviour change at the same call, and a takeover earlier in its sequence.
    const theft = finding({
      kind: 'token-theft',
      panicCode: null,
      contract: 'Registry',
      contractFile: 'src/Registry.sol',
      function: 'transferFrom(address,address,uint256)',
      message: 'alice took 5 of bob’s tokens',
      foundMs: 50,
      foundTransactions: 50,
      sequence: [call(ALICE, 'acceptOwnership()'), call(ALICE, 'transferFrom(address,address,uint256)', '0x06')],
    });
    const atTheft = change('transferFrom(address,address,uint256)', 'permits', [call(ALICE, 'transferFrom(address,address,uint256)', '0x07')]);
    const returnsAtTheft = change('transferFrom(address,address,uint256)', 'returns', [call(BOB, 'transferFrom(address,address,uint256)', '0x08')], {
      behaviour: { difference: 'revert-reason', base: 'reverts A', head: 'reverts B', grade: 'returns' },
    });
    // An event the theft's sequence passes through is no cause of it.
    const eventOnTheWay = events('acceptOwnership()', '0x09');
    const findings = [atTheft, byStranger, theft, returnsAtTheft, eventOnTheWay, byDeployer];

    it('lists the linked groups under the finding, neither listed again nor counted', () => {
      const { failures, notes } = reportItems(report({ findings }));
      expect(failures).toHaveLength(1);
      expect(failures[0].finding).toBe(theft);
      expect(failures[0].linked.map((g) => g.title)).toEqual([
        'Registry.transferFrom(address,address,uint256) · permits',
        'Registry.acceptOwnership() · permits',
        'Registry.transferFrom(address,address,uint256) · returns',
      ]);
      expect(notes.map((item) => item.group.title)).toEqual(['Registry.acceptOwnership() · events']);
      expect(headline(report({ findings }))).toContainEqual({ tone: 'problem', text: '1 finding introduced by this PR' });
    });

    it('shows them together in the terminal, the comment, the summary, SARIF, annotations and review threads', () => {
      const sample = report({ findings });
      const text = renderText(sample);
      expect(text).toContain('\n1 finding:\n');
      expect(text).toContain(
        '   also changes behaviour: Registry.transferFrom(address,address,uint256) · permits: base reverts UnauthorizedAccount; head succeeds',
      );
      expect(text).toContain('   also changes behaviour: Registry.acceptOwnership() · permits: base reverts UnauthorizedAccount; head succeeds (2 examples)');
      expect(text).toContain('1 kind of behaviour change from the base:');
      expect(text.match(/^\d+\. \[/gm)).toEqual(['1. [', '1. [']); // the theft, and the one unlinked note
      const comment = renderMarkdown(sample);
      expect(comment.match(/\*\*\d+\. /g)).toHaveLength(1);
      expect(comment).toContain('- also changes behaviour: Registry\\.acceptOwnership\\(\\) · permits');
      expect(renderSummary(sample).match(/^#### \d+\. /gm)).toHaveLength(2); // the theft, and the one unlinked note
      const sarif = renderSarif(sample).runs[0].results!;
      expect(sarif.map((r) => r.ruleId)).toEqual(['lookout/token-theft', 'lookout/behaviour-change']);
      expect(sarif[0].message.text).toContain('also changes behaviour: Registry.acceptOwnership() · permits');
      expect(
        renderAnnotations(sample)
          .filter((a) => a.title.includes('Registry'))
          .map((a) => a.title),
      ).toEqual([
        'Lookout: token-theft in Registry.transferFrom(address,address,uint256) (introduced by this PR)',
        'Lookout: behaviour-change in Registry.acceptOwnership() (introduced by this PR)',
      ]);
      expect(reviewThreads(sample).map((t) => t.finding)).toEqual([theft]);
    });

    it('links nothing to a finding already on the base: the pull request’s change stays an item of its own', () => {
      const old = { ...theft, introduced: false };
      const { failures } = reportItems(report({ findings: [old, atTheft] }));
      expect(failures.map((item) => [item.finding, item.linked.length])).toEqual([
        [atTheft, 0],
        [old, 0],
      ]);
    });

    it('writes the groups and the links into the JSON report’s entries', () => {
      const stamped = withGroups(report({ findings }));
      expect(stamped.map((f) => f.behaviour && [f.behaviour.group, f.behaviour.representative, f.behaviour.linkedTo])).toEqual([
        ['src/Registry.sol:Registry.transferFrom(address,address,uint256)/permits', true, 2],
        ['src/Registry.sol:Registry.acceptOwnership()/permits', true, 2],
        undefined,
        ['src/Registry.sol:Registry.transferFrom(address,address,uint256)/returns', true, 2],
        ['src/Registry.sol:Registry.acceptOwnership()/events', true, undefined],
        ['src/Registry.sol:Registry.acceptOwnership()/permits', false, 2],
      ]);
    });
  });

  it('says how many more examples a group has, in SARIF’s message and properties', () => {
    const [result] = renderSarif(report({ findings: [byDeployer, byStranger, byStrangerShort] })).runs[0].results!;
    expect(result.message.text).toContain('2 more examples of this change in the JSON report');
    expect(result.properties).toMatchObject({ examples: 3 });
  });
});
