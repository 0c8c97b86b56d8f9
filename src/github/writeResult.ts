/**
 * The outcome of a write to GitHub. A token without the permission (a fork PR's read-only token,
 * a workflow without `checks: write`) is an expected situation the Action falls back from, so it is
 * a value, not an exception; any other failure is still thrown.
 */
export type WriteResult<T> = { ok: true; value: T } | WriteRefusal;

export interface WriteRefusal {
  ok: false;
  /** `forbidden`: 403 or 404 (GitHub answers 404 to tokens that may not see the resource). */
  reason: 'forbidden';
  status: number;
  message: string;
}

/** Runs a sequence of requests; a 403/404 from any of them becomes a refusal. */
export async function guardWrite<T>(write: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    const status = httpStatus(error);
    if (status === 403 || status === 404) {
      // Rate limiting also answers 403; it is not a permission problem and must not be swallowed.
      if (status === 403 && isRateLimited(error)) throw error;
      return { ok: false, reason: 'forbidden', status, message: error instanceof Error ? error.message : String(error) };
    }
    throw error;
  }
}

/** Octokit's RequestError carries `status`; checked structurally so bundling twice cannot break it. */
export function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function isRateLimited(error: unknown): boolean {
  const response = (error as { response?: { headers?: Record<string, string | number | undefined> } }).response;
  const message = error instanceof Error ? error.message : '';
  return response?.headers?.['x-ratelimit-remaining'] === '0' || /rate limit/i.test(message);
}
