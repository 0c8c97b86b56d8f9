import type * as actionsCache from '@actions/cache';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { ReportCorpusCache } from '../report/index.js';

/**
 * The calls of `@actions/cache` this uses. The Action passes the real module, imported there alone: it
 * brings the Azure storage client, which `lookout` on the command line never needs.
 */
export type CacheService = Pick<typeof actionsCache, 'isFeatureAvailable' | 'restoreCache' | 'saveCache'>;

/** Whose corpus: GitHub keeps caches per repository and per branch scope; the key says which base branch too. */
export interface CorpusCacheScope {
  /** `owner/name` */
  repository: string;
  /** The branch the pull request merges into. */
  baseBranch: string;
  /** The corpus folder: Lookout's own, outside the workspace. */
  dir: string;
}

/** `lookout-corpus-<repository>-<base branch>-`: every build's corpus of that base branch starts so. */
export function corpusKeyPrefix(scope: Pick<CorpusCacheScope, 'repository' | 'baseBranch'>): string {
  // A comma separates keys in the cache service's query: none may hold one.
  return `lookout-corpus-${scope.repository}-${scope.baseBranch}-`.replaceAll(',', '_');
}

/**
 * The corpus folder kept in the Actions cache. Restored under the build's key, else the base branch's
 * latest (a cache entry's key is matched by prefix); saved under the build's key after the run. A
 * cache service that is missing or fails is a warning: the run goes on cold, or its corpus is not kept.
 */
export class ActionsCorpusCache {
  private key: string | undefined;
  /**
   * `scope.dir`, where the cache restores it (its entries are keyed by path too); without a cache
   * service a folder of this run's own, so runs sharing a machine and its temp folder (no RUNNER_TEMP)
   * never replay each other's inputs.
   */
  readonly dir: string;

  constructor(
    readonly scope: CorpusCacheScope,
    private readonly logger: Logger,
    private readonly service: CacheService,
  ) {
    this.dir = service.isFeatureAvailable() ? scope.dir : mkdtempSync(`${scope.dir}-`);
  }

  /** Fills the corpus folder for this build (see `buildFingerprint`); what the report says of it. */
  async restore(fingerprint: string): Promise<ReportCorpusCache> {
    const prefix = corpusKeyPrefix(this.scope);
    this.key = `${prefix}${fingerprint}`;
    // Only what the cache holds is restored: a folder left on a self-hosted runner is not this base branch's.
    rmSync(this.dir, { recursive: true, force: true });
    if (!this.service.isFeatureAvailable()) {
      const unavailable = 'the Actions cache service is not available to this job (no ACTIONS_CACHE_URL or ACTIONS_RESULTS_URL)';
      this.logger.warning(`Corpus: ${unavailable}; the run starts cold and its corpus is not kept.`);
      this.key = undefined;
      return { key: null, restoredKey: null, unavailable };
    }
    try {
      const restoredKey = (await this.service.restoreCache([this.dir], this.key, [prefix])) ?? null;
      this.logger.info(restoredKey === null ? `Corpus: no cache entry starts with ${prefix}; the run starts cold.` : `Corpus: restored ${restoredKey}.`);
      return { key: this.key, restoredKey };
    } catch (error) {
      const unavailable = `restoring from the Actions cache failed: ${errorMessage(error)}`;
      this.logger.warning(`Corpus: ${unavailable}; the run starts cold.`);
      rmSync(this.dir, { recursive: true, force: true });
      return { key: this.key, restoredKey: null, unavailable };
    }
  }

  /**
   * Saves the folder under the build's key, once the report is written. GitHub's cache entries are
   * immutable: a key saved before (the same build, fuzzed again) keeps its entry, and that is no error.
   */
  async save(): Promise<void> {
    if (this.key === undefined) {
      // Nothing keeps it: a run's own folder goes with the run.
      if (this.dir !== this.scope.dir) rmSync(this.dir, { recursive: true, force: true });
      return;
    }
    if (!existsSync(this.dir)) return;
    try {
      const id = await this.service.saveCache([this.dir], this.key);
      // -1 is all @actions/cache says both when the key is cached already and when the service refused (it logged which).
      this.logger.info(
        id === -1
          ? `Corpus: not saved as ${this.key}: the entry is kept as it is (cache entries are immutable) or the service refused it (see above).`
          : `Corpus: saved as ${this.key}.`,
      );
    } catch (error) {
      this.logger.warning(`Corpus: saving to the Actions cache failed: ${errorMessage(error)}; the next run starts from the entry it finds.`);
    }
  }
}
