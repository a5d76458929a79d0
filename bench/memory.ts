import { readdirSync, readFileSync } from 'node:fs';

// The app's resident memory and CPU time, read from Linux's /proc: the process and every process under it (the app
// runs as one process today; a supervisor or workers would be counted too). Elsewhere nothing is measured (null).

function rssKb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) : null;
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat after "pid (comm)": comm may hold spaces and parentheses, so after the last ')'. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // the process ended meanwhile
  }
}

/** The pid and its descendants, from each process's parent in /proc/<pid>/stat. */
function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(name);
    if (fields) parentOf.set(Number(name), Number(fields[1]));
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** Resident memory of the process tree under `pid`, in MB. */
export function residentMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  let kb = 0;
  for (const p of processTree(pid)) {
    const rss = rssKb(p);
    if (rss === null && p === pid) return null;
    kb += rss ?? 0;
  }
  return Math.round(kb / 1024);
}

/** Samples the resident memory every `everyMs` until stopped; stop() gives the highest sample in MB. */
export function sampleResident(pid: number | undefined, everyMs = 50): { stop(): number | null } {
  let peak: number | null = residentMb(pid);
  const timer = setInterval(() => {
    const mb = residentMb(pid);
    if (mb !== null && (peak === null || mb > peak)) peak = mb;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** CPU time (user + system) the process tree under `pid` has used, in seconds (Linux counts in ticks of 1/100 s). */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  let ticks = 0;
  for (const p of processTree(pid)) {
    const f = statFields(p);
    if (!f && p === pid) return null;
    if (f) ticks += Number(f[11]) + Number(f[12]); // utime and stime: fields 14 and 15 of stat
  }
  return ticks / 100;
}
