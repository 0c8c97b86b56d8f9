import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the loopback server answers for a path. */
export interface Served {
  body: Uint8Array | string;
  status?: number;
  /** Send the headers and half the body, then nothing: a mirror that stalls mid-download. */
  stall?: boolean;
}

/**
 * A loopback HTTP server standing in for binaries.soliditylang.org and the npm registry: it answers
 * the paths in `routes` (changeable while it runs), 404 elsewhere, and logs every request path.
 */
export interface ReleaseServer {
  url: string;
  routes: Map<string, Served>;
  requests: string[];
  close(): Promise<void>;
}

export async function startReleaseServer(): Promise<ReleaseServer> {
  const routes = new Map<string, Served>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const served = routes.get(path);
    response.statusCode = served ? (served.status ?? 200) : 404;
    if (served?.stall) response.write(served.body.slice(0, served.body.length / 2));
    else response.end(served ? served.body : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A `list.json` in the official format, listing one release whose file is `path`. */
export function releaseListJson(version: string, longVersion: string, path: string, sha256: string): string {
  return JSON.stringify({
    builds: [
      { path, version, build: longVersion.split('+')[1], longVersion, keccak256: `0x${'0'.repeat(64)}`, sha256: `0x${sha256}`, urls: [] },
      // A nightly of the same version: lists carry them, and only the release may be picked.
      {
        path: `nightly-${path}`,
        version,
        prerelease: 'nightly.2022.9.1',
        build: 'commit.00000000',
        longVersion: `${version}-nightly`,
        sha256: `0x${'1'.repeat(64)}`,
        urls: [],
      },
    ],
    releases: { [version]: path },
    latestRelease: version,
  });
}

/** A loopback URL nothing listens on (a port just released), so a request is refused at once. */
export async function closedPortUrl(): Promise<string> {
  const server = await startReleaseServer();
  await server.close();
  return server.url;
}
