import { ERROR_MESSAGES } from '../../../shared/errors';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { AdminActor } from '../auth/sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { recordAdminAct } from './admin-audit.service';
import { lastRestartAtLocked } from './admin-restart.repo';

// 'Restart Server' (spec part 2, 2.6) is taken at most once a minute, whichever instance answers: a storm of clicks
// would otherwise restart the server again each time it came back (docs/decisions/009-admin-dashboard.md). The last
// accepted restart is the newest 'admin_restart' security event, so the limit holds across the restart itself.

export const RESTART_MIN_INTERVAL_MS = 60_000;

/** Records the restart, or refuses it (429) when one was accepted less than a minute ago. */
export async function acceptRestart(deps: Pick<Deps, 'db' | 'clock' | 'log'>, o: { actor: AdminActor; origin: RequestOrigin }): Promise<void> {
  const now = deps.clock.now();
  await withWrite(deps, async (tx) => {
    const last = await lastRestartAtLocked(tx);
    const left = last ? RESTART_MIN_INTERVAL_MS - (now.getTime() - last.getTime()) : 0;
    if (left > 0) {
      throw new AppError('restart_too_soon', ERROR_MESSAGES.restart_too_soon, 429, { 'retry-after': String(Math.ceil(left / 1000)) });
    }
    await recordSecurityEvent({ db: tx, clock: deps.clock, log: deps.log }, o.origin, {
      eventType: 'admin_restart',
      userType: 'admin',
      userId: o.actor.id,
      threatLevel: 'medium',
    });
    await recordAdminAct(tx, { actor: o.actor, action: 'server_restarted', target: null, origin: o.origin, at: now });
  });
}
