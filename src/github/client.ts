import { Octokit } from '@octokit/rest';

export type GitHubClient = Octokit;

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
}

/** An Octokit for one token and API root. Request logging is off: the caller logs outcomes. */
export function createClient(options: ClientOptions): GitHubClient {
  return new Octokit({
    auth: options.token,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent ?? 'lookout',
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}
