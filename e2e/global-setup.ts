import { execFileSync } from 'node:child_process';

// The journeys run the compiled server, as production does (e2e/fixtures.ts). Building it takes about a
// second, so it is built before every run: a journey never meets a server older than the source.
export default function globalSetup(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'build/server.ts'], { stdio: 'inherit' });
}
