import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import {
  ACTION_DEFAULTS,
  fuzzTargetFromEvent,
  INPUT,
  pullRequestLabels,
  readActionEnv,
  readInputs,
  toPrConfig,
  validate,
  type ActionEnv,
} from '../../src/config/action.js';
import { batchTargetFromEvent, toBatchConfig } from '../../src/config/batch.js';
import { ConfigurationError } from '../../src/errors.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const actionYml = parse(readFileSync(path.join(root, 'action.yml'), 'utf8'));
const event = (name: string) => JSON.parse(readFileSync(path.join(root, '__fixtures__/events', name), 'utf8'));
const env: ActionEnv = {
  eventName: 'pull_request',
  workspace: '/w',
  apiUrl: 'https://ghe.example/api/v3',
  serverUrl: 'https://ghe.example',
  repository: 'acme/auction',
  sha: 'm'.repeat(40),
  runId: '1',
  ref: 'refs/pull/7/merge',
  temp: '/runner/_temp',
};

/** The `with:` inputs of every `uses: lookout/…` step in the README's YAML blocks. */
function readmeSteps(): Array<Record<string, unknown>> {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## GitHub Action'));
  const blocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  return blocks.flatMap((block) => {
    const [doc] = parseAllDocuments(block);
    expect(doc.errors).toEqual([]);
    const workflow = doc.toJS();
    expect(workflow.on).toBeDefined();
    expect(workflow.permissions).toBeDefined();
    return Object.values(workflow.jobs as Record<string, { steps: Array<{ uses: string; with?: Record<string, unknown> }> }>)
      .flatMap((job) => job.steps)
      .filter((step) => step.uses.startsWith('lookout/'))
      .map((step) => step.with ?? {});
  });
}

describe('action.yml', () => {
  it('runs the bundle on node24 and declares exactly the inputs the config reads', () => {
    expect(actionYml.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(Object.keys(actionYml.inputs).sort()).toEqual(Object.values(INPUT).sort());
    expect(Object.keys(actionYml.outputs).sort()).toEqual([
      'changed-lines',
      'findings',
      'introduced-findings',
      'report',
      'reproducers',
      'sarif',
      'targets-reached',
      'targets-total',
      'targets-unreachable',
    ]);
  });

  it('has the defaults the config assumes', () => {
    expect(actionYml.inputs[INPUT.budget].default).toBe(ACTION_DEFAULTS.budget);
    expect(actionYml.inputs[INPUT.failOn].default).toBe(ACTION_DEFAULTS.failOn);
    expect(actionYml.inputs[INPUT.mode].default).toBe(ACTION_DEFAULTS.mode);
    expect(actionYml.inputs[INPUT.report].default).toBe(ACTION_DEFAULTS.report);
    expect(actionYml.inputs[INPUT.reproducers].default).toBe(ACTION_DEFAULTS.reproducers);
    expect(actionYml.inputs[INPUT.githubToken].default).toBe('${{ github.token }}');
  });

  it('the README workflows parse and use only declared inputs', () => {
    const steps = readmeSteps();
    expect(steps.map((s) => s.mode ?? 'full')).toEqual(['full', 'batch', 'fuzz', 'report']);
    for (const step of steps) for (const name of Object.keys(step)) expect(Object.keys(actionYml.inputs)).toContain(name);
  });
});

describe('validate', () => {
  it('applies the defaults', () => {
    expect(validate({}, '/w')).toMatchObject({
      mode: 'full',
      failOn: 'introduced',
      budget: { kind: 'seconds', seconds: 300 },
      seed: 1,
      token: undefined,
      report: '/w/lookout-report/report.json',
      sarif: undefined,
      junit: undefined,
      lcov: undefined,
      comment: true,
      annotations: true,
      review: true,
    });
  });

  it('resolves the LCOV path against the workspace and hands it to the pipeline, which counts the coverage', () => {
    const options = validate({ lcov: 'coverage/lookout.lcov' }, '/w');
    expect(options.lcov).toBe('/w/coverage/lookout.lcov');
    const target = {
      owner: 'o',
      repo: 'r',
      repoUrl: 'https://github.com/o/r',
      pullNumber: 7,
      headSha: 'h',
      baseSha: 'b',
      baseBranch: 'main',
      acceptsBehaviourChange: false,
    };
    expect(toPrConfig(options, target).outputs.lcov).toBe('/w/coverage/lookout.lcov');
  });

  it('keeps the corpus in the Actions cache unless the corpus input says false', () => {
    expect(validate({}, '/w').corpus).toBe(true);
    expect(validate({ corpus: 'false' }, '/w').corpus).toBe(false);
    expect(() => validate({ corpus: 'off' }, '/w')).toThrow(/input 'corpus': 'off' is not a boolean/);
  });

  it('runs campaigns on two workers unless told how many, whatever the runner’s core count', () => {
    expect(validate({}, '/w').workers).toBe(2);
    expect(validate({ workers: '3' }, '/w').workers).toBe(3);
  });

  it('reports every invalid input at once with what is allowed', () => {
    const error = (() => {
      try {
        validate({ mode: 'all', 'fail-on': 'new', budget: 'soon', seed: '-1', comment: 'yes', workers: '0' }, '/w');
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error!.message).toContain("input 'mode': 'all' is not one of full, fuzz, report");
    expect(error!.message).toContain("input 'fail-on': 'new' is not one of introduced, any, never");
    expect(error!.message).toContain("input 'budget': Invalid budget 'soon'");
    expect(error!.message).toContain("input 'seed'");
    expect(error!.message).toContain("input 'comment': 'yes' is not a boolean");
    expect(error!.message).toContain("input 'workers': '0' is not a number of worker threads");
  });

  it('takes behaviour-change beside a gate in fail-on, and a label that makes behaviour changes fail', () => {
    expect(validate({}, '/w')).toMatchObject({ failOn: 'introduced', failOnBehaviourChange: false, behaviourLabel: 'no-behaviour-change' });
    expect(validate({ 'fail-on': 'any, behaviour-change' }, '/w')).toMatchObject({ failOn: 'any', failOnBehaviourChange: true });
    expect(validate({ 'fail-on': 'behaviour-change', 'behaviour-label': 'refactor' }, '/w')).toMatchObject({
      failOn: 'introduced',
      failOnBehaviourChange: true,
      behaviourLabel: 'refactor',
    });
    expect(() => validate({ 'fail-on': 'any, never' }, '/w')).toThrow(/input 'fail-on': 'any, never' names 2 of introduced, any, never/);
    expect(pullRequestLabels({ pull_request: { labels: [{ name: 'no-behaviour-change' }, { name: 'gas' }] } })).toEqual(['no-behaviour-change', 'gas']);
    expect(pullRequestLabels({})).toEqual([]);
  });

  it('requires a token in report mode', () => {
    expect(() => validate({ mode: 'report' }, '/w')).toThrow(/mode 'report' publishes through the API and needs a token/);
  });

  it('reads blank inputs as absent', () => {
    expect(readInputs((name) => (name === INPUT.seed ? ' 7 ' : ''))).toEqual({ seed: '7' });
  });
});

describe('events', () => {
  const options = validate({}, '/w');

  it.each(['pull_request', 'pull_request_target'])('%s: the PR head against its base sha', (name) => {
    const target = fuzzTargetFromEvent({ ...env, eventName: name }, event(`${name}.json`), { ...options, trustedHead: name === 'pull_request_target' });
    expect(target).toEqual({
      owner: 'acme',
      repo: 'auction',
      repoUrl: 'https://github.com/acme/auction',
      pullNumber: 7,
      headSha: '2'.repeat(40),
      baseSha: '1'.repeat(40),
      baseBranch: 'main',
      acceptsBehaviourChange: false,
    });
  });

  it('a pull request labelled with the accept-behaviour-label accepts its behaviour changes: the run reports them as notes', () => {
    const labelled = event('pull_request.json') as { pull_request: { labels?: { name: string }[] } };
    labelled.pull_request.labels = [{ name: 'accept-behaviour-change' }];
    const target = fuzzTargetFromEvent({ ...env, eventName: 'pull_request' }, labelled, options);
    expect(target.acceptsBehaviourChange).toBe(true);
    expect(toPrConfig(options, target).acceptBehaviourChange).toBe(true);
    const renamed = validate({ 'accept-behaviour-label': 'intended' }, '/w');
    expect(fuzzTargetFromEvent({ ...env, eventName: 'pull_request' }, labelled, renamed).acceptsBehaviourChange).toBe(false);
  });

  it("refuses to fuzz under pull_request_target (the base's write token and secrets beside the PR's code) unless the workflow says the head is trusted", () => {
    expect(validate({}, '/w').trustedHead).toBe(false);
    expect(() => fuzzTargetFromEvent({ ...env, eventName: 'pull_request_target' }, event('pull_request_target.json'), options)).toThrow(
      /pull_request_target .*Lookout refuses it\. Fuzz on pull_request with mode: fuzz and publish from a workflow_run workflow with mode: report.*'trusted-head: true'/s,
    );
    const trusted = validate({ 'trusted-head': 'true' }, '/w');
    expect(fuzzTargetFromEvent({ ...env, eventName: 'pull_request_target' }, event('pull_request_target.json'), trusted).pullNumber).toBe(7);
  });

  it('the base input overrides the PR base', () => {
    expect(fuzzTargetFromEvent(env, event('pull_request.json'), { ...options, base: 'release' }).baseSha).toBe('release');
  });

  it('workflow_dispatch: the checked-out commit against the dispatch base, no PR', () => {
    const target = fuzzTargetFromEvent({ ...env, eventName: 'workflow_dispatch' }, event('workflow_dispatch.json'), options);
    expect(target).toMatchObject({ pullNumber: undefined, headSha: env.sha, baseSha: 'main', baseBranch: 'main' });
    expect(() => fuzzTargetFromEvent({ ...env, eventName: 'workflow_dispatch' }, {}, options)).toThrow(/set the action input 'base'/);
  });

  it('other events are refused with what to do', () => {
    expect(() => fuzzTargetFromEvent({ ...env, eventName: 'push' }, {}, options)).toThrow(
      /run it on pull_request, pull_request_target or workflow_dispatch \(this run is push\).*on push or schedule .* use mode: batch/,
    );
  });

  it('the API URL comes from GITHUB_API_URL, github.com only when unset', () => {
    const base = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_REPOSITORY: 'acme/auction', GITHUB_SHA: 'x' };
    expect(readActionEnv({ ...base, GITHUB_API_URL: 'https://ghe.example/api/v3' }).apiUrl).toBe('https://ghe.example/api/v3');
    expect(readActionEnv(base).apiUrl).toBe('https://api.github.com');
    expect(readActionEnv({ ...base, GITHUB_REF: 'refs/heads/main' }).ref).toBe('refs/heads/main');
  });
});

describe('mode: batch', () => {
  const options = validate({ mode: 'batch' }, '/w');

  it.each([
    ['push', 'refs/heads/main', 'main'],
    ['schedule', 'refs/heads/main', 'main'],
    ['workflow_dispatch', 'refs/heads/release/2.x', 'release/2.x'],
  ])('%s on %s: the checked-out commit of branch %s, no pull request', (eventName, ref, branch) => {
    const payload = eventName === 'workflow_dispatch' ? event('workflow_dispatch.json') : event(`${eventName}.json`);
    expect(batchTargetFromEvent({ ...env, eventName, ref }, payload)).toEqual({
      owner: 'acme',
      repo: 'auction',
      repoUrl: eventName === 'schedule' ? 'https://ghe.example/acme/auction' : 'https://github.com/acme/auction',
      pullNumber: undefined,
      headSha: env.sha,
      branch,
    });
  });

  it('is refused on pull requests and other events, saying which events it runs on and what to use instead', () => {
    for (const eventName of ['pull_request', 'pull_request_target', 'workflow_run', 'release']) {
      expect(() => batchTargetFromEvent({ ...env, eventName }, {})).toThrow(
        new RegExp(`run it on push, schedule, workflow_dispatch \\(this run is ${eventName}\\); on pull requests use mode: full`),
      );
    }
  });

  it('is refused on a tag, which no pull request merges into', () => {
    expect(() => batchTargetFromEvent({ ...env, eventName: 'push', ref: 'refs/tags/v1.0.0' }, event('push.json'))).toThrow(
      /keeps the corpus of a branch, and this run is on refs\/tags\/v1\.0\.0: run it on pushes to a branch/,
    );
    expect(() => batchTargetFromEvent({ ...env, eventName: 'push', ref: undefined }, event('push.json'))).toThrow(/GITHUB_REF is not set/);
  });

  it('refuses a base and a shard, which a batch run has no use for', () => {
    expect(() => validate({ mode: 'batch', base: 'main' }, '/w')).toThrow(/input 'base': a batch run fuzzes the whole project and compares with no base/);
    expect(() => validate({ mode: 'batch', shard: '1/2' }, '/w')).toThrow(
      /input 'shard': a shard writes a partial report for the merge job; use it with mode: fuzz/,
    );
  });

  it('fuzzes every deployable contract of the project the working directory is in, as lookout fuzz on its root', () => {
    const config = toBatchConfig({ ...options, workingDirectory: root });
    expect(config).toMatchObject({ command: 'fuzz', root, paths: ['.'], targets: [], budget: options.budget, seed: 1, workers: options.workers });
    expect(config.contract).toBeUndefined();
    expect(config.outputs).toEqual({ json: options.report, reproducers: options.reproducers, lcov: undefined });
  });
});
