import { publishCheckRun } from '../../src/github/checkRun.js';
import type { Annotation } from '../../src/report/annotations.js';
import { fakeClient, startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';

let fake: FakeGitHub;
beforeEach(async () => {
  fake = await startFakeGitHub();
});
afterEach(() => fake.close());

const annotation = (line: number): Annotation => ({ path: 'src/A.sol', startLine: line, endLine: line, level: 'warning', title: `t${line}`, message: 'm' });
const run = (count: number) => ({
  owner: 'acme',
  repo: 'auction',
  headSha: 'abc123',
  name: 'Lookout',
  conclusion: 'failure' as const,
  title: '1 finding introduced',
  summary: 'summary',
  annotations: Array.from({ length: count }, (_, i) => annotation(i + 1)),
});

describe('publishCheckRun', () => {
  it('sends 120 annotations as 50 with the create call and 50 + 20 in updates', async () => {
    const result = await publishCheckRun(fakeClient(fake), run(120));
    expect(result).toMatchObject({ ok: true, value: { requests: 3 } });
    const sizes = fake.requests.map((r) => [r.method, (r.body as { output: { annotations: unknown[] } }).output.annotations.length]);
    expect(sizes).toEqual([
      ['POST', 50],
      ['PATCH', 50],
      ['PATCH', 20],
    ]);
    const [checkRun] = fake.state.checkRuns;
    expect(checkRun).toMatchObject({ head_sha: 'abc123', conclusion: 'failure', name: 'Lookout' });
    expect(checkRun.annotations[119]).toEqual({ path: 'src/A.sol', start_line: 120, end_line: 120, annotation_level: 'warning', title: 't120', message: 'm' });
  });

  it('creates a check run without annotations in one request', async () => {
    const result = await publishCheckRun(fakeClient(fake), run(0));
    expect(result).toMatchObject({ ok: true, value: { requests: 1 } });
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a token without checks: write as forbidden', async () => {
    fake.forbidWrites = 403;
    const result = await publishCheckRun(fakeClient(fake), run(3));
    expect(result).toEqual({ ok: false, reason: 'forbidden', status: 403, message: expect.stringContaining('Resource not accessible') });
  });
});
