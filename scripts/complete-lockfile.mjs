#!/usr/bin/env node
// npm on this machine drops other platforms' optional packages from package-lock.json, and `npm ci` then
// refuses the lockfile ("Missing: @tailwindcss/oxide-android-arm64 from lock file", STACK.md). This adds the
// missing optional entries (with their os/cpu, so npm skips them on other platforms) from the registry's
// metadata. Run after changing dependencies: `node scripts/complete-lockfile.mjs`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

// The registry reached here may hold only this platform's builds; then os/cpu come from the package name.
function registryMeta(name, range) {
  try {
    const meta = JSON.parse(execFileSync('npm', ['view', `${name}@${range}`, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    return Array.isArray(meta) ? meta.at(-1) : meta;
  } catch {
    return null;
  }
}
const OSES = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'openharmony', 'sunos', 'aix'];
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];
function platformFromName(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OSES.includes(p));
  const cpu = parts.find((p) => CPUS.includes(p));
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (pkgs[nested] || pkgs[`node_modules/${name}`]) continue;
    const m = registryMeta(name, range) ?? { version: range, ...platformFromName(name) };
    pkgs[`node_modules/${name}`] = {
      version: m.version,
      ...(m.dist ? { resolved: m.dist.tarball, integrity: m.dist.integrity } : {}),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(m.license ? { license: m.license } : {}),
      ...(m.cpu ? { cpu: m.cpu } : {}),
      ...(m.os ? { os: m.os } : {}),
      ...(m.libc ? { libc: m.libc } : {}),
      ...(m.engines ? { engines: m.engines } : {}),
    };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} missing optional entries`);
