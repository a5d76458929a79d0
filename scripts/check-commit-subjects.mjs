// `npm run lint:commits`: every commit since the cutoff has a subject under 72 characters and a body that says why
// (BRIEF's commit rule, decision 069). Older history is exempt. The same check runs on a message being written, from
// the commit-msg hook (.githooks/commit-msg): `node scripts/check-commit-subjects.mjs --message-file <path>`.
// Plain Node (no dependencies), so the hook runs on whatever node the machine has.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// main when the rule came in (the merge that brought it; two commits merged just before it break it); commits it
// contains are not checked.
const CUTOFF = '7ebca6a3309d76c4b89e45715cd3f4b211e31262';
// Its committer time, for a shallow clone that does not hold it: there, commits committed after it are checked.
const CUTOFF_TIME = 1796287622;
const MAX_SUBJECT = 71;

/** The problems of one message: subject too long, no blank line after it, no body (a merge needs no body). */
function messageProblems(message) {
  const lines = message.split('\n').map((line) => line.trimEnd());
  const subject = lines[0] ?? '';
  const problems = [];
  if (subject.trim() === '') return ['the subject is empty'];
  if ([...subject].length > MAX_SUBJECT) problems.push(`the subject is ${[...subject].length} characters; keep it under 72`);
  const isMerge = /^Merge /.test(subject);
  if (lines.length > 1 && lines[1] !== '') problems.push('leave a blank line between the subject and the body');
  if (!isMerge && !lines.slice(1).some((line) => line.trim() !== '')) problems.push('the body is empty; say why the change was made');
  return problems;
}

/** The message as git will store it: comment lines and everything under the scissors line dropped. */
function cleanMessage(raw) {
  const scissors = raw.search(/^# -+ >8 -+$/m);
  const kept = scissors === -1 ? raw : raw.slice(0, scissors);
  return kept
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n')
    .replace(/^\n+/, '')
    .trimEnd();
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function insideWorkTree() {
  try {
    return git('rev-parse', '--is-inside-work-tree').trim() === 'true';
  } catch {
    return false;
  }
}

function hasCommit(sha) {
  try {
    git('cat-file', '-e', `${sha}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

/** Commits to check: those after the cutoff, or in a shallow clone without it, those committed after it. */
function commitsToCheck() {
  if (hasCommit(CUTOFF)) return { range: `in ${CUTOFF.slice(0, 7)}..HEAD`, shas: git('rev-list', `${CUTOFF}..HEAD`).split('\n').filter(Boolean) };
  const shallow = git('rev-parse', '--is-shallow-repository').trim() === 'true';
  if (!shallow) throw new Error(`the cutoff commit ${CUTOFF} is not in this repository`);
  const shas = git('rev-list', `--since=${CUTOFF_TIME + 1}`, 'HEAD')
    .split('\n')
    .filter(Boolean);
  return { range: `committed after ${new Date(CUTOFF_TIME * 1000).toISOString()}, a shallow clone without the cutoff`, shas };
}

function main() {
  const fileFlag = process.argv.indexOf('--message-file');
  if (fileFlag !== -1) {
    const problems = messageProblems(cleanMessage(readFileSync(process.argv[fileFlag + 1], 'utf8')));
    if (problems.length === 0) return;
    console.error(`commit message: ${problems.join('; ')} (scripts/check-commit-subjects.mjs)`);
    process.exitCode = 1;
    return;
  }
  if (!insideWorkTree()) {
    console.log('lint:commits: not a git work tree (no .git), nothing to check');
    return;
  }
  const { range, shas } = commitsToCheck();
  let bad = 0;
  for (const sha of shas) {
    const problems = messageProblems(git('log', '-1', '--format=%B', sha).trimEnd());
    if (problems.length === 0) continue;
    bad += 1;
    console.log(`  ${sha.slice(0, 7)} ${git('log', '-1', '--format=%s', sha).trim()}\n      ${problems.join('; ')}`);
  }
  if (bad > 0) {
    console.log(`\nx ${bad} of ${shas.length} commit(s) ${range} break the commit rule (subject under 72, the why in the body).`);
    process.exitCode = 1;
  } else console.log(`lint:commits: ${shas.length} commit(s) ${range} keep the commit rule`);
}

main();
