import type { CompilerEnvironment } from './types.js';

/**
 * A resource that could not be had: host unreachable, timed out, HTTP error, malformed answer.
 * Sources turn it into "unavailable" and the next source is tried; it never means "corrupt".
 */
export class FetchFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchFailure';
  }
}

export async function getBytes(env: CompilerEnvironment, url: string): Promise<Uint8Array> {
  const response = await request(env, url, {});
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new FetchFailure(`${url}: ${reason(error)}`);
  }
}

export async function getJson(env: CompilerEnvironment, url: string, accept = 'application/json'): Promise<unknown> {
  const response = await request(env, url, { accept });
  try {
    return await response.json();
  } catch (error) {
    throw new FetchFailure(`${url}: not JSON (${reason(error)})`);
  }
}

async function request(env: CompilerEnvironment, url: string, headers: Record<string, string>): Promise<Response> {
  let response: Response;
  try {
    // The timeout covers the body too: a mirror that stalls mid-download must not hang the job.
    response = await env.fetch(url, { headers, signal: AbortSignal.timeout(env.timeoutMs) });
  } catch (error) {
    throw new FetchFailure(`${url}: ${reason(error)}`);
  }
  if (!response.ok) throw new FetchFailure(`${url}: HTTP ${response.status}`);
  return response;
}

// undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND) in `cause`. Read by
// shape, not `instanceof`: fetch's errors come from Node's own realm, which is not the caller's under Jest.
function reason(error: unknown): string {
  const { name, message, cause } = (error ?? {}) as { name?: unknown; message?: unknown; cause?: { message?: unknown } };
  if (name === 'TimeoutError') return 'timed out';
  if (typeof cause?.message === 'string') return cause.message;
  return typeof message === 'string' ? message : String(error);
}
