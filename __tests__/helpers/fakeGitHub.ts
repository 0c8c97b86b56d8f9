import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type ClientOptions, type GitHubClient } from '../../src/github/client.js';

/**
 * A small fake of the GitHub REST API on 127.0.0.1 for tests that talk real HTTP through Octokit
 * (`baseUrl: fake.url`). It keeps comments, check runs, reviews and PR files in memory, paginates
 * with Link headers like GitHub, applies GitHub's validation where Lookout relies on it (50
 * annotations per request, review comments only on diff lines, one pending review, comment length)
 * and records every request. Faults (server errors, rate limits, a hung endpoint) are injected per
 * route with the status codes, headers and bodies GitHub sends. One repository is assumed; owner and
 * repo in paths are recorded, not checked.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  /** When it arrived (ms since the epoch): how long a client waited before retrying. */
  at: number;
}

/** What the fake answers instead of routing a request. */
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A fault on one route: the next `times` matching requests (all, when unset) get `answer`; `stall` never answers. */
export interface FakeFault {
  method: string;
  path: RegExp;
  times?: number;
  answer: FakeAnswer | 'stall';
}

export interface FakeComment {
  id: number;
  body: string;
  html_url: string;
  user: { login: string };
}
export interface FakeCheckRun {
  id: number;
  html_url: string;
  name: string;
  head_sha: string;
  conclusion?: string;
  output: { title?: string; summary?: string };
  annotations: unknown[];
}
export interface FakeReview {
  id: number;
  body: string;
  commit_id: string;
  event: string;
  state: string;
}
export interface FakeReviewComment {
  id: number;
  review_id: number;
  path: string;
  line: number;
  body: string;
}
export interface FakePullFile {
  filename: string;
  status: string;
  additions: number;
  deletions?: number;
  previous_filename?: string;
  patch?: string;
}
export interface FakePull {
  number: number;
  head: { sha: string; ref: string };
  base: { sha: string; ref: string };
}

export interface FakeGitHubState {
  comments: Map<number, FakeComment[]>;
  checkRuns: FakeCheckRun[];
  reviews: Map<number, FakeReview[]>;
  reviewComments: FakeReviewComment[];
  pullFiles: Map<number, FakePullFile[]>;
  pulls: Map<number, FakePull>;
}

export interface FakeGitHub {
  /** The API root to give Octokit (`baseUrl`) or the Action (`GITHUB_API_URL`). */
  url: string;
  requests: RecordedRequest[];
  state: FakeGitHubState;
  /** Answer every POST/PATCH/PUT/DELETE with this status (a read-only token), or accept writes. */
  forbidWrites: false | 403 | 404;
  /** Checked in order before routing; a fault whose `times` ran out is skipped. */
  faults: FakeFault[];
  /** Requests with this method whose path matches. */
  requestsTo(method: string, path: RegExp): RecordedRequest[];
  close(): Promise<void>;
}

type Handler = (match: RegExpMatchArray, request: RecordedRequest) => [number, unknown];

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const state: FakeGitHubState = { comments: new Map(), checkRuns: [], reviews: new Map(), reviewComments: [], pullFiles: new Map(), pulls: new Map() };
  let nextId = 1000;
  const id = () => nextId++;
  const fake = { requests: [] as RecordedRequest[], state, forbidWrites: false as FakeGitHub['forbidWrites'], faults: [] as FakeFault[] };
  const html = (path: string) => `https://github.example/${path}`;
  const issueComments = (n: number) => state.comments.get(n) ?? (state.comments.set(n, []).get(n) as FakeComment[]);
  const pullReviews = (n: number) => state.reviews.get(n) ?? (state.reviews.set(n, []).get(n) as FakeReview[]);
  const allComments = () => [...state.comments.values()].flat();
  const body = (r: RecordedRequest) => (r.body ?? {}) as Record<string, any>;

  const routes: Array<[string, RegExp, Handler]> = [
    ['GET', /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/, (m) => [200, issueComments(Number(m[1]))]],
    [
      'POST',
      /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/,
      (m, r) => {
        if (String(body(r).body ?? '').length > 65_536)
          return [422, { message: 'Validation Failed', errors: [{ code: 'custom', message: 'Body is too long' }] }];
        const comment = { id: id(), body: body(r).body, html_url: '', user: { login: 'github-actions[bot]' } };
        comment.html_url = html(`issues/${m[1]}#issuecomment-${comment.id}`);
        issueComments(Number(m[1])).push(comment);
        return [201, comment];
      },
    ],
    [
      'PATCH',
      /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/,
      (m, r) => {
        const comment = allComments().find((c) => c.id === Number(m[1]));
        if (!comment) return [404, { message: 'Not Found' }];
        if (String(body(r).body ?? '').length > 65_536) return [422, { message: 'Validation Failed' }];
        comment.body = body(r).body;
        return [200, comment];
      },
    ],
    [
      'POST',
      /^\/repos\/[^/]+\/[^/]+\/check-runs$/,
      (_m, r) => {
        const annotations = body(r).output?.annotations ?? [];
        if (annotations.length > 50) return [422, { message: 'Only 50 annotations are allowed per request' }];
        const run: FakeCheckRun = {
          id: id(),
          html_url: '',
          name: body(r).name,
          head_sha: body(r).head_sha,
          conclusion: body(r).conclusion,
          output: body(r).output ?? {},
          annotations: [...annotations],
        };
        run.html_url = html(`runs/${run.id}`);
        state.checkRuns.push(run);
        return [201, run];
      },
    ],
    [
      'PATCH',
      /^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/,
      (m, r) => {
        const run = state.checkRuns.find((c) => c.id === Number(m[1]));
        if (!run) return [404, { message: 'Not Found' }];
        const annotations = body(r).output?.annotations ?? [];
        if (annotations.length > 50) return [422, { message: 'Only 50 annotations are allowed per request' }];
        run.annotations.push(...annotations);
        if (body(r).conclusion) run.conclusion = body(r).conclusion;
        return [200, run];
      },
    ],
    [
      'GET',
      /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/,
      (m) => {
        const pull = state.pulls.get(Number(m[1]));
        return pull ? [200, pull] : [404, { message: 'Not Found' }];
      },
    ],
    ['GET', /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/files$/, (m) => [200, (state.pullFiles.get(Number(m[1])) ?? []).slice(0, 3000)]],
    ['GET', /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews$/, (m) => [200, pullReviews(Number(m[1]))]],
    [
      'POST',
      /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews$/,
      (m, r) => {
        const pull = Number(m[1]);
        const comments: Array<{ path: string; line: number; body: string }> = body(r).comments ?? [];
        const outside = comments.find((c) => !diffLines(state.pullFiles.get(pull) ?? [], c.path).has(c.line));
        // GitHub refuses the whole review when one comment is not on a line of the diff, without saying which.
        if (outside) return unprocessable("Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank");
        // Without `event` the review stays pending, visible to its author alone, who may have one per pull request.
        const pending = body(r).event === undefined;
        if (pending && pullReviews(pull).some((x) => x.state === 'PENDING')) return unprocessable('User can only have one pending review per pull request');
        const review: FakeReview = {
          id: id(),
          body: body(r).body ?? '',
          commit_id: body(r).commit_id,
          event: body(r).event,
          state: pending ? 'PENDING' : 'COMMENTED',
        };
        pullReviews(pull).push(review);
        for (const c of comments) state.reviewComments.push({ id: id(), review_id: review.id, path: c.path, line: c.line, body: c.body });
        return [200, review];
      },
    ],
    [
      'PUT',
      /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews\/(\d+)$/,
      (m, r) => {
        const review = pullReviews(Number(m[1])).find((x) => x.id === Number(m[2]));
        if (!review) return [404, { message: 'Not Found' }];
        review.body = body(r).body;
        return [200, review];
      },
    ],
    [
      'DELETE',
      /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews\/(\d+)$/,
      (m) => {
        const reviews = pullReviews(Number(m[1]));
        const at = reviews.findIndex((x) => x.id === Number(m[2]));
        if (at < 0) return [404, { message: 'Not Found' }];
        if (reviews[at].state !== 'PENDING') return unprocessable('Can not delete a non-pending pull request review');
        const [review] = reviews.splice(at, 1);
        for (let i = state.reviewComments.length - 1; i >= 0; i--) if (state.reviewComments[i].review_id === review.id) state.reviewComments.splice(i, 1);
        return [200, review];
      },
    ],
    ['GET', /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)\/reviews\/(\d+)\/comments$/, (m) => [200, state.reviewComments.filter((c) => c.review_id === Number(m[2]))]],
    [
      'DELETE',
      /^\/repos\/[^/]+\/[^/]+\/pulls\/comments\/(\d+)$/,
      (m) => {
        const at = state.reviewComments.findIndex((c) => c.id === Number(m[1]));
        if (at < 0) return [404, { message: 'Not Found' }];
        state.reviewComments.splice(at, 1);
        return [204, undefined];
      },
    ],
  ];

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const text = await readBody(req);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
      authorization: req.headers.authorization,
      at: Date.now(),
    };
    fake.requests.push(recorded);
    const fault = fake.faults.find((f) => f.method === recorded.method && f.path.test(url.pathname) && (f.times === undefined || f.times > 0));
    if (fault) {
      if (fault.times !== undefined) fault.times--;
      if (fault.answer === 'stall') return;
      return send(res, fault.answer.status, fault.answer.body, fault.answer.headers);
    }
    if (recorded.method !== 'GET' && fake.forbidWrites) {
      return send(res, fake.forbidWrites, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' });
    }
    const route = routes.find(([method, pattern]) => method === recorded.method && pattern.test(url.pathname));
    if (!route) return send(res, 404, { message: 'Not Found' });
    const [status, payload] = route[2](url.pathname.match(route[1]) as RegExpMatchArray, recorded);
    if (recorded.method === 'GET' && Array.isArray(payload)) return sendPage(res, url, payload);
    send(res, status, payload);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    state,
    requestsTo: (method: string, path: RegExp) => fake.requests.filter((r) => r.method === method && path.test(r.path)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A stalled request holds its connection open.
        server.closeAllConnections();
      }),
  });
}

/** A client of the fake: retries, rate-limit waits and timeouts as in production, writes unpaced. */
export function fakeClient(fake: FakeGitHub, options: Partial<ClientOptions> = {}): GitHubClient {
  return createClient({ token: 't', baseUrl: fake.url, paceWrites: false, ...options });
}

/** GitHub's 422 for a request it understood and will not carry out. */
function unprocessable(reason: string): [number, unknown] {
  return [422, { message: 'Unprocessable Entity', errors: [reason], documentation_url: 'https://docs.github.com/rest', status: '422' }];
}

/** A 5xx as GitHub's API sends it. */
export function serverError(status = 502): FakeAnswer {
  return { status, body: { message: 'Server Error' } };
}

/**
 * The primary rate limit: 403 with the quota spent and `x-ratelimit-reset` (epoch seconds) saying
 * when it refills, `resetIn` seconds from now.
 */
export function rateLimited(resetIn: number): FakeAnswer {
  return {
    status: 403,
    headers: {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-used': '5000',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + resetIn),
      'x-ratelimit-resource': 'core',
    },
    body: {
      message: 'API rate limit exceeded for installation ID 1.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
      status: '403',
    },
  };
}

/** A secondary rate limit: 403 (or 429) with `retry-after` in seconds; the primary quota is not spent. */
export function secondaryRateLimited(retryAfter: number, status: 403 | 429 = 403): FakeAnswer {
  return {
    status,
    headers: { 'retry-after': String(retryAfter), 'x-ratelimit-remaining': '4000' },
    body: {
      message:
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000.',
      documentation_url: 'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
      status: String(status),
    },
  };
}

/** GitHub's list pagination: `per_page` (default 30, max 100), `page`, and a Link header. */
function sendPage(res: ServerResponse, url: URL, items: unknown[]): void {
  const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
  const page = Number(url.searchParams.get('page') ?? 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number) => {
    const next = new URL(url.href);
    next.searchParams.set('page', String(n));
    next.searchParams.set('per_page', String(perPage));
    return next.href;
  };
  const rels: string[] = [];
  if (page < last) rels.push(`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
  if (page > 1) rels.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
  if (rels.length > 0) res.setHeader('link', rels.join(', '));
  send(res, 200, items.slice((page - 1) * perPage, page * perPage));
}

function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (payload === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(payload));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Head lines a file's patch shows (from its hunk headers), where GitHub allows review comments. */
function diffLines(files: readonly FakePullFile[], path: string): Set<number> {
  const lines = new Set<number>();
  const patch = files.find((f) => f.filename === path)?.patch ?? '';
  for (const [, start, count] of patch.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    for (let i = 0; i < Number(count ?? 1); i++) lines.add(Number(start) + i);
  }
  return lines;
}
