import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { describeEachDatabase } from '../test/harness';

// Behind PgBouncer in transaction mode each statement may land on another server connection (docs/decisions/058):
// a statement prepared by name on one is missing on the next, or "already exists" there. Signed-in reads a few at a
// time, each a single cache miss (the reads that take the named statements; many misses at once go in one batched
// load), spread over more client connections than the pooler has server connections (CI gives it 4).

describeEachDatabase(
  'signed-in reads, a few at a time',
  (ctx) => {
    it('answer 200 each, with what the rep booked', async () => {
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id);
      const reps = await Promise.all(Array.from({ length: 60 }, () => createSubscribedRep(ctx.app.db)));
      await Promise.all(
        reps.map((rep) => createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-04' })),
      );
      const cookies = await Promise.all(reps.map((r) => sessionCookie(ctx.app, 'medrep', r.id)));
      const read = (i: number) => ctx.app.inject({ url: `/api/rep-appointments?repId=${reps[i]!.id}`, headers: { cookie: cookies[i]! } });
      const answers = [];
      for (let wave = 0; wave < 10; wave++) {
        // Six requests 3 ms apart: each finds the one before it still on its connection.
        const six = Array.from({ length: 6 }, (_, k) => new Promise((r) => setTimeout(r, k * 3)).then(() => read(wave * 6 + k)));
        answers.push(...(await Promise.all(six)));
      }
      expect(answers.map((a) => a.statusCode)).toEqual(Array(reps.length).fill(200));
      expect(answers.map((a) => a.json().appointments.length)).toEqual(Array(reps.length).fill(1));
    }, 60_000);
  },
  { pooler: 'both' },
);

// The server-side timeouts (decision 012) are set by a SET as each connection opens, which PgBouncer passes in session
// mode (it refuses them as startup parameters in either mode); in transaction mode none is sent, since it would stay on
// a server connection other clients then use, and the role's own setting holds (decision 058).
describeEachDatabase(
  'the server-side timeouts',
  (ctx) => {
    it.runIf(ctx.kind === 'postgres')('hold on each connection, except behind a transaction pooler', async () => {
      const shown = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const answer = await ctx.app.db.execute(
            sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
          );
          return (answer as { rows: Array<{ statement: string; idle: string }> }).rows[0];
        }),
      );
      // The harness opens its databases with a 60 s statement timeout (test/harness.ts).
      const expected = ctx.pooler === 'transaction' ? { statement: '0', idle: '0' } : { statement: '1min', idle: '1min' };
      expect(shown).toEqual(Array(8).fill(expected));
    });
  },
  { pooler: 'both' },
);
