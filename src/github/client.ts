import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import Bottleneck from 'bottleneck';
import type { Logger } from '../logger.js';

/** Retry before throttling, the order @octokit/plugin-throttling's documentation gives. */
const ResilientOctokit = Octokit.plugin(retry, throttling);

export type GitHubClient = InstanceType<typeof ResilientOctokit>;

/** A repository on the GitHub (or GitHub Enterprise Server) instance the client talks to. */
export interface RepositoryRef {
  owner: string;
  repo: string;
}

export interface ClientOptions {
  token: string;
  /** The REST API root; the Action passes `GITHUB_API_URL` so Enterprise Server works too. */
  baseUrl: string;
  userAgent?: string;
  /** How long one attempt of a request may take before it is abandoned (default 30 s). */
  timeoutMs?: number;
  /** How often a request is tried again after a 5xx or a rate limit (default 3). */
  retries?: number;
  /** The longest rate-limit wait honoured, in seconds (default 60); a limit that lifts later fails the request at once. */
  maxRateLimitWait?: number;
  /**
   * Leave a second between writes and three between writes that notify people, as GitHub asks of
   * integrations to stay clear of secondary rate limits (default true; tests turn it off).
   */
  paceWrites?: boolean;
  /** Where waits for a rate limit are announced. */
  logger?: Logger;
}

const DEFAULTS = { timeoutMs: 30_000, retries: 3, maxRateLimitWait: 60 };

/**
 * Statuses @octokit/plugin-retry must leave alone: its defaults (a retry cannot change the answer)
 * and 429, which is a rate limit: the throttling plugin retries it after the wait GitHub asks for.
 */
const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];

/**
 * An Octokit for one token and API root. A 5xx is retried with backoff (1 s, 4 s, 9 s); a primary
 * or secondary rate limit is waited out as `retry-after` / `x-ratelimit-reset` say, when that is
 * within `maxRateLimitWait`; an attempt that gets no answer within `timeoutMs` fails. Request
 * logging is off: the caller logs outcomes.
 */
export function createClient(options: ClientOptions): GitHubClient {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const retries = options.retries ?? DEFAULTS.retries;
  const maxRateLimitWait = options.maxRateLimitWait ?? DEFAULTS.maxRateLimitWait;
  const waitOut =
    (limit: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number): boolean => {
      const wait = retryCount < retries && retryAfter <= maxRateLimitWait;
      options.logger?.warning(
        wait
          ? `GitHub ${limit} on ${request.method} ${request.url}: trying again in ${retryAfter} s (retry ${retryCount + 1} of ${retries}).`
          : `GitHub ${limit} on ${request.method} ${request.url}: not waiting ${retryAfter} s (after ${retryCount} of ${retries} retries; waits above ${maxRateLimitWait} s are not taken).`,
      );
      return wait;
    };
  return new ResilientOctokit({
    auth: options.token,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent ?? 'lookout',
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    request: { fetch: fetchWithin(timeoutMs) },
    retry: { retries, doNotRetry: DO_NOT_RETRY },
    throttle: {
      onRateLimit: waitOut('rate limit'),
      onSecondaryRateLimit: waitOut('secondary rate limit'),
      // Unpaced: groups without the plugin's minimum time between requests; paced keeps its own.
      ...(options.paceWrites === false ? { write: new Bottleneck.Group({ maxConcurrent: 1 }), notifications: new Bottleneck.Group({ maxConcurrent: 1 }) } : {}),
    },
  });
}

/**
 * `fetch` with a deadline per attempt. A request GitHub has not answered may still be carried out,
 * so retrying it could post a second comment or review: the timeout fails the request instead. It is
 * thrown as an `AbortError`, which Octokit passes through and plugin-retry does not retry.
 */
function fetchWithin(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
    } catch (error) {
      if (!deadline.aborted) throw error;
      const url = new URL(input instanceof Request ? input.url : String(input));
      const timeout = new Error(`GitHub did not answer ${init?.method ?? 'GET'} ${url.pathname} within ${timeoutMs / 1000} s`, { cause: error });
      timeout.name = 'AbortError';
      throw timeout;
    }
  };
}
