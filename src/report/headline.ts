import { reportItems } from './items.js';
import { changedLineCounts, countsText, lineParts, notFuzzedReasons, unreachedGroups, type UnreachedGroup } from './lineStatus.js';
import { duration, plural } from '../abi/index.js';
import type { Report } from './types.js';

/**
 * What the report says first, most alarming first: the run was interrupted, the build failed,
 * findings the PR introduced (or whose origin is unknown), behaviour changes, changed lines never
 * executed, lines not fuzzed; only then the reassuring part and the counts. Plain text: each output
 * escapes and styles it its own way.
 */
export interface HeadlineItem {
  /** `problem`: the reader must act; `note`: worth knowing; `ok`: reassurance. */
  tone: 'problem' | 'note' | 'ok';
  text: string;
}

export function headline(report: Report): HeadlineItem[] {
  const items: HeadlineItem[] = [];
  if (report.interrupted) items.push({ tone: 'problem', text: 'Interrupted before the budget was spent: these are the results so far' });
  const errors = report.errors ?? [];
  const [buildError] = report.buildErrors ?? [];
  if (buildError) {
    const where = buildError.line === null ? buildError.file : `${buildError.file}:${buildError.line}`;
    const more = (report.buildErrors?.length ?? 0) > 1 ? ` (and ${plural(report.buildErrors!.length - 1, 'more error')})` : '';
    items.push({ tone: 'problem', text: `Build failed: ${where}: ${firstLine(buildError.message)}${more}` });
  } else if (errors.length > 0) {
    items.push({ tone: 'problem', text: `Lookout could not finish: ${firstLine(errors[0])}` });
  }

  // Items, not entries: a graded change with three examples, or one a finding's sequence shows, is one finding.
  const { failures: found, notes } = reportItems(report);
  const introduced = found.filter((item) => item.finding.introduced === true).length;
  const unknown = found.filter((item) => item.finding.introduced === null).length;
  const existing = found.filter((item) => item.finding.introduced === false).length;
  // `lookout fuzz` compares with nothing (no `base`): its findings have no origin to tell.
  if (report.base === undefined && unknown > 0) items.push({ tone: 'problem', text: plural(unknown, 'finding') });
  if (introduced > 0) items.push({ tone: 'problem', text: `${plural(introduced, 'finding')} introduced by this PR` });
  if (report.base !== undefined && unknown > 0)
    items.push({ tone: 'problem', text: `${plural(unknown, 'finding')} of unknown origin: ${unknownOrigin(report.base)}` });
  if (notes.length > 0) items.push({ tone: 'note', text: `${plural(notes.length, 'kind')} of behaviour change from the base` });

  const counts = changedLineCounts(report);
  if (counts.unreached > 0) {
    const where = atMost(unreachedGroups(report).map(unreachedText), MAX_PLACES);
    items.push({ tone: 'problem', text: `${plural(counts.unreached, 'changed line')} ${counts.unreached === 1 ? 'was' : 'were'} never executed: ${where}` });
  }
  for (const { reason, lines } of notFuzzedReasons(report)) {
    items.push({
      tone: 'problem',
      text: `${plural(lines.length, 'changed line')} not fuzzed (${reason}): ${atMost(
        lines.map((l) => `${l.file}:${l.line}`),
        MAX_PLACES,
      )}`,
    });
  }

  const clean = errors.length === 0 && introduced === 0 && unknown === 0;
  // Fuzzing shows a failure, never its absence: the reassurance says how much was tried.
  const measured = ` in ${plural(report.stats.transactions, 'transaction')} (${duration(report.stats.elapsedMs)})${report.interrupted ? ' so far' : ''}`;
  if (clean && found.length === 0)
    items.push({ tone: 'ok', text: report.targets.length === 0 && report.base !== undefined ? 'No changed Solidity to fuzz' : `No findings${measured}` });
  else if (clean) items.push({ tone: 'ok', text: `No findings introduced by this PR${measured}` });
  if (existing > 0) items.push({ tone: 'note', text: `${plural(existing, 'finding')} already on the base branch` });
  if (report.targets.length > 0) items.push({ tone: counts.unreached > 0 ? 'note' : 'ok', text: countsText(counts) });
  return items;
}

/**
 * `src/A.sol:30–31 (no run took the branch at src/A.sol:28 toward them: require(amount > limit))`;
 * `src/A.sol: removed lines 12–13 (before line 12)` for a deletion.
 */
function unreachedText(group: UnreachedGroup): string {
  const parts = lineParts(group.lines, group.removed);
  const where = `${group.file}:${/^\d/.test(parts[0]) ? '' : ' '}${atMost(parts, MAX_PLACES)}`;
  if (!group.branch) return where;
  const them = group.lines.length === 1 ? 'it' : 'them';
  return `${where} (no run took the branch at ${group.branch.file}:${group.branch.line} toward ${them}: ${group.branch.condition})`;
}

/** Why a finding could not be compared with the base, and what fixes it. */
export function unknownOrigin(base: NonNullable<Report['base']>): string {
  if (base === 'not-fetched') return 'the base branch was not fetched (shallow checkout); set fetch-depth: 0 on actions/checkout';
  if (base === 'does-not-build') return 'the base revision does not compile, so nothing could be compared with it';
  return 'the base revision holds none of the fuzzed contracts';
}

/** Places a headline item names before it says how many more there are (the tables list them all). */
const MAX_PLACES = 10;

function atMost(places: readonly string[], max: number): string {
  const shown = places.slice(0, max).join(', ');
  return places.length > max ? `${shown} and ${places.length - max} more` : shown;
}

function firstLine(text: string): string {
  return text.split('\n')[0];
}
