import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Message } from '../../shared/i18n/message';
import { DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale } from '../../shared/i18n/locales';
import { i18nFor } from '../i18n';

/*
 * The language of the answers (docs/decisions/045-languages.md): the signed-in account's choice (read with its
 * session, modules/auth/sessions.service.ts), else the browser's Accept-Language. The `message` of every JSON answer, an error's or
 * a success's, is written in English in the code and translated here on its way out, from the descriptor it was
 * worded with where it has one (an AppError's, answerWithMessage's: decision 068); a `code` never changes. Such an answer says its language (Content-Language).
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's answers, decided once per request. */
    getLocale(): Promise<Locale>;
    /** Answers this request in `locale`: a sign-in's account, a language just saved. */
    setLocale(locale: Locale): void;
  }
}

// The message of an answer as it travels (docs/decisions/068): the descriptor an error or a service worded it with,
// kept on the answer under a symbol, so it never reaches the JSON; `message` is its English.
const MESSAGE = Symbol('message descriptor');
type WithMessage = { message: string; [MESSAGE]?: Message };

/** An answer whose `message` is `descriptor`: written in English here, translated on its way out. */
export function answerWithMessage<T extends object>(descriptor: Message, rest: T): T & { message: string } {
  return { message: i18nFor(DEFAULT_LOCALE)._(descriptor), ...rest, [MESSAGE]: descriptor };
}

/**
 * A message of the code in `locale`: a descriptor with Lingui's `i18n._`; a plain text (a code's default, a route's
 * English) as its own id. A text the catalogue does not know (a name typed by a user) stays as it is: only a
 * catalogue's own keys are ever run through the message formatter.
 */
export function translateMessage(locale: Locale, message: string | Message): string {
  const i18n = i18nFor(locale);
  if (typeof message !== 'string') return i18n._(message);
  if (locale === DEFAULT_LOCALE) return message;
  return i18n.messages[message] ? i18n._(message) : message;
}

/** The account's language, else the first of the browser's that RepVisit speaks. */
async function localeOf(request: FastifyRequest): Promise<Locale> {
  try {
    const language = (await request.getActor())?.language;
    if (isLocale(language)) return language;
  } catch {
    // The session could not be read (the database is away): the answer says so, in the browser's language.
  }
  return negotiateLocale(request.headers['accept-language']);
}

const isAnswerWithMessage = (payload: unknown): payload is WithMessage =>
  typeof payload === 'object' &&
  payload !== null &&
  !Array.isArray(payload) &&
  !Buffer.isBuffer(payload) &&
  typeof (payload as { message?: unknown }).message === 'string';

/** Adds `Accept-Language` to the answer's Vary (a cache must not hand one reader's language to another). */
function varyOnLanguage(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(list)) reply.header('vary', list ? `${list}, Accept-Language` : 'Accept-Language');
}

export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('getLocale', function (this: FastifyRequest) {
    const self = this as FastifyRequest & { _locale?: Promise<Locale> };
    self._locale ??= localeOf(this);
    return self._locale;
  });
  app.decorateRequest('setLocale', function (this: FastifyRequest, locale: Locale) {
    (this as FastifyRequest & { _locale?: Promise<Locale> })._locale = Promise.resolve(locale);
  });
  // Every JSON answer passes here before it is written, the error handler's and the not-found handler's too.
  // A callback hook, not an async one: most answers carry no message and pass on at once, without a promise
  // (the small cached reads felt one; npm run bench).
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (!isAnswerWithMessage(payload)) return done(null, payload);
    request.getLocale().then(
      (locale) => {
        reply.header('content-language', locale);
        varyOnLanguage(reply);
        const message = translateMessage(locale, payload[MESSAGE] ?? payload.message);
        done(null, message === payload.message ? payload : { ...payload, message });
      },
      (err: unknown) => done(err as Error),
    );
  });
}
