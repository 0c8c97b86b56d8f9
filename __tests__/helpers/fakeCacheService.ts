import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The Actions cache service's legacy REST API (`ACTIONS_CACHE_URL`, what @actions/cache speaks
 * without ACTIONS_CACHE_SERVICE_V2, and on GitHub Enterprise Server), on loopback: look up by keys
 * (each an exact key, else the newest entry it prefixes), reserve, upload chunks, commit, download.
 * Like GitHub's, an entry is immutable: reserving a key that exists is refused (409).
 */
export interface FakeCacheService {
  /** `ACTIONS_CACHE_URL`: ends with a slash, as the runner gives it. */
  url: string;
  /** Committed entries by key, oldest first. */
  entries: Map<string, { version: string; archive: Buffer }>;
  /** `METHOD path` of every request, in order. */
  requests: string[];
  /** Answers every request with this status (e.g. 503, a service that is down) while set. */
  failWith?: number;
  close(): Promise<void>;
}

export async function startFakeCacheService(): Promise<FakeCacheService> {
  const reserved = new Map<number, { key: string; version: string; chunks: Buffer[] }>();
  let nextId = 1;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(`${req.method} ${url.pathname}`);
    const body = await read(req);
    const json = (status: number, value?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(value === undefined ? undefined : JSON.stringify(value));
    };
    if (fake.failWith !== undefined) return json(fake.failWith, { message: 'the cache service is down' });
    const id = Number(/^\/_apis\/artifactcache\/caches\/(\d+)$/.exec(url.pathname)?.[1]);
    if (req.method === 'GET' && url.pathname === '/_apis/artifactcache/cache') {
      const version = url.searchParams.get('version');
      const keys = (url.searchParams.get('keys') ?? '').split(',');
      const candidates = [...fake.entries].filter(([, entry]) => entry.version === version).reverse();
      for (const key of keys) {
        const hit = candidates.find(([k]) => k === key) ?? candidates.find(([k]) => k.startsWith(key));
        if (hit) return json(200, { cacheKey: hit[0], scope: 'refs/heads/main', archiveLocation: `${fake.url}archives/${encodeURIComponent(hit[0])}` });
      }
      return json(204);
    }
    if (req.method === 'GET' && url.pathname.startsWith('/archives/')) {
      const entry = fake.entries.get(decodeURIComponent(url.pathname.slice('/archives/'.length)));
      if (!entry) return json(404);
      res.writeHead(200, { 'content-length': entry.archive.length });
      return res.end(entry.archive);
    }
    if (req.method === 'POST' && url.pathname === '/_apis/artifactcache/caches') {
      const { key, version } = JSON.parse(body.toString()) as { key: string; version: string };
      if (fake.entries.has(key) || [...reserved.values()].some((r) => r.key === key)) return json(409, { message: `Cache already exists: ${key}` });
      reserved.set(nextId, { key, version, chunks: [] });
      return json(201, { cacheId: nextId++ });
    }
    if (req.method === 'PATCH' && reserved.has(id)) {
      const start = Number(/bytes (\d+)-/.exec(req.headers['content-range'] ?? '')?.[1]);
      reserved.get(id)!.chunks[start] = body;
      return json(204);
    }
    if (req.method === 'POST' && reserved.has(id)) {
      const { key, version, chunks } = reserved.get(id)!;
      reserved.delete(id);
      fake.entries.set(key, { version, archive: Buffer.concat(chunks.filter(Boolean)) });
      return json(204);
    }
    json(404, { message: `not faked: ${req.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeCacheService = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    entries: new Map(),
    requests: [],
    // The client keeps its connections alive: closed here, or close() waits for them to idle out.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}

async function read(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
