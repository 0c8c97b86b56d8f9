import type { MergeConfig } from '../config/index.js';
import { ConfigurationError } from '../errors.js';
import { failsCheck, readReport } from '../github/index.js';
import type { Logger } from '../logger.js';
import { checkOutputs, mergeShards, renderText, writeOutputs } from '../report/index.js';
import { EXAMPLES_PER_GROUP } from './behaviourWatch.js';
import { exitStatus, type PipelineResult } from './pipeline.js';

/**
 * `lookout merge`: the shards' reports read back (checked as `mode: report` checks an uploaded one),
 * joined into the whole run's report, written as a run writes its own, with the exit status the whole
 * run would have had. Reports of different runs are refused before anything is written.
 */
export function mergeRun(config: MergeConfig, deps: { logger: Logger }): PipelineResult {
  const outputs = checkOutputs(config.outputs);
  if (outputs.problems.length > 0) throw new ConfigurationError(outputs.problems.join('\n'));
  const merged = mergeShards(config.reports.map(readReport), { examplesPerGroup: EXAMPLES_PER_GROUP });
  if (!merged.ok) throw new ConfigurationError(`Cannot merge ${config.reports.join(', ')}: ${merged.problem}.`);
  const { report } = merged;
  // A `lookout fuzz` report's findings have no base (introduced: null) and fail as every finding of such a run does.
  const fails = failsCheck('introduced', config.failOnBehaviourChange);
  const failures = writeOutputs(outputs.writable, report, { fails });
  for (const failure of failures) deps.logger.error(failure);
  for (const error of report.errors ?? []) deps.logger.warning(error);
  deps.logger.result(renderText(report));
  return { report, exitCode: failures.length > 0 ? 2 : exitStatus(report, fails) };
}
