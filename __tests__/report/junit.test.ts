import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { renderJunit } from '../../src/report/junit.js';
import { finding, report } from './sampleReport.js';

/** The test cases of a rendered file: attributes and what each holds (the renderer writes one element per line). */
function testCases(xml: string): { classname: string; name: string; body: string }[] {
  return [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"(?:\/>|>\n([\s\S]*?)\n {4}<\/testcase>)/g)].map((m) => ({
    classname: m[1],
    name: m[2],
    body: m[3] ?? '',
  }));
}

describe('renderJunit', () => {
  // The sample: one deployed contract, an introduced panic and an assertion already on the base.
  const introducedOnly = (f: { introduced: boolean | null }) => f.introduced !== false;

  it('has a case per fuzzed contract, failing on a finding the check fails on, and one per finding with its sequence', () => {
    const xml = renderJunit(report(), introducedOnly);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="lookout" tests="3" failures="2" errors="0" skipped="1"')).toBe(true);
    const [contract, ...findings] = testCases(xml);
    expect(contract).toMatchObject({ classname: 'src/Auction.sol', name: 'Auction' });
    expect(contract.body).toContain('<failure message="1 finding that fail the check: panic 0x32 in Auction.settle(uint256): index out of bounds"/>');
    expect(findings.map((c) => c.name)).toEqual(['panic at src/Auction.sol:38: settle(uint256)', 'assertion at src/Auction.sol:20: check()']);
    expect(findings[0].body).toContain('<failure message="panic 0x32 in Auction.settle(uint256): index out of bounds" type="panic">');
    expect(findings[0].body).toContain(
      '<system-out>Found after 812 transactions; reproduces with 2 transactions:\n1. alice: auction.bid{value: 1.5 ether}()\n2. after 1 h and 1 block: bob: auction.settle(type(uint256).max - 4)',
    );
    // Already on the base: reported, not failing the check.
    expect(findings[1].body).toContain('<skipped message="not failing the check: already on the base branch"/>');
  });

  it('passes a contract whose findings the check does not fail on', () => {
    const xml = renderJunit(report(), () => false);
    expect(testCases(xml)[0].body).not.toContain('<failure');
    expect(xml).toContain('tests="3" failures="0" errors="0" skipped="2"');
  });

  it('escapes every string the repository controls, and writes characters XML cannot hold as \\u escapes', () => {
    const hostile = 'a<b>&"\'\u0001\u001b\ud800]]>';
    const xml = renderJunit(report({ findings: [finding({ message: hostile, function: `f(${hostile})`, contract: 'C"<' })] }), () => true);
    expect(xml).toContain('a&lt;b&gt;&amp;&quot;&apos;\\u0001\\u001b\\ud800]]&gt;');
    // No raw markup or forbidden character is left outside the renderer's own.
    const text = xml.replace(/^<\?xml [^?]*\?>/, '').replace(/<\/?[\w-]+(?: [\w-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*\s*\/?>/g, '');
    expect(text).not.toMatch(/[<>"\u0000-\u0008\u000b\u000c\u000e-\u001f]|&(?!(?:amp|lt|gt|quot|apos);)/);
    expect(testCases(xml).some((c) => c.classname === 'src/Auction.sol:C&quot;&lt;')).toBe(true);
  });

  it('parses back as JUnit with an XML parser: suites, cases, the failure and the hostile text unchanged', () => {
    const hostile = 'a<b>&"\'\u001b]]>';
    const xml = renderJunit(report({ findings: [finding({ message: hostile })] }), () => true);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml);
    const suites = parsed.testsuites.testsuite as { name: string; testcase: { name: string; failure?: { message: string } }[] }[];
    expect(suites.map((s) => s.name)).toEqual(['contracts', 'findings']);
    const failing = suites[1].testcase[0].failure!;
    expect(failing.message).toContain('a<b>&"\'\\u001b]]>');
  });
});
