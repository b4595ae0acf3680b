// Browser sign-in: GET/POST /signin (password, then a TOTP step for two-factor accounts),
// GET/POST /signin/code and POST /signin/code/verify (an emailed code, where the instance
// has an email driver; the TOTP step follows for two-factor accounts), POST /signout. Same checks as POST /api/v1/auth/session: the login rate wall, argon2id
// with a decoy for unknown accounts, sealed TOTP secrets. Between the two steps the page
// carries a signed, short-lived proof that the password was right, never the password.
import argon2 from 'argon2';
import type { ReactNode } from 'react';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hmac, safeEqual } from '../../core/crypto.ts';
import { outboxHint } from '../../core/mail/index.ts';
import { authenticate, sameOrigin } from '../auth/caller.ts';
import { loginCodeHash, newLoginCode } from '../auth/login-code.ts';
import { clearSessionCookie, createSession, endSession, setSessionCookie } from '../auth/session.ts';
import { spendTotpCode } from '../auth/two-factor.ts';
import { AppError, toAppError } from '../errors.ts';
import { loginSucceeded, loginWall } from '../routes/identity/login-wall.ts';
import type { ApiDeps } from '../deps.ts';
import { appPage } from './components/layout.tsx';
import { pageIdentity, safeNext } from './components/session.ts';

const PENDING_SECONDS = 300;
/** The sign-in pages' meta description. */
const SIGNIN_DESCRIPTION = 'Sign in to Podium with your password or a code sent by email.';
let decoyHash: Promise<string> | null = null;

interface SigninForm {
  email?: string;
  password?: string;
  totp?: string;
  pending?: string;
  next?: string;
}

interface LoginInfo {
  userId: string;
  passwordHash: string | null;
  twoFactor: boolean;
  totpSealed: string | null;
}

function ErrorLine({ error }: { error?: string }): ReactNode {
  return error ? <p className="error" role="alert">{error}</p> : null;
}

/** codeSignIn: the instance can mail codes (self-hosted, with an email driver). */
function passwordForm(codeSignIn: boolean, next: string, email: string, error?: string): ReactNode {
  return (
    <div className="card signin">
      <h1>Sign in to Podium</h1>
      <ErrorLine error={error} />
      <form method="post" action="/signin">
        <input type="hidden" name="next" value={next} />
        <label htmlFor="email">Email</label><input id="email" name="email" type="email" required autoComplete="username" defaultValue={email} autoFocus={!email} />
        <label htmlFor="password">Password</label><input id="password" name="password" type="password" required autoComplete="current-password" autoFocus={Boolean(email)} />
        <div className="actions"><button type="submit" className="primary">Sign in</button></div>
      </form>
      {codeSignIn ? <p><a href={`/signin/code?next=${encodeURIComponent(next)}`}>Email me a sign-in code instead</a></p> : null}
    </div>
  );
}

function codeEmailForm(next: string, email: string, error?: string): ReactNode {
  return (
    <div className="card signin">
      <h1>Sign in with an emailed code</h1>
      <ErrorLine error={error} />
      <form method="post" action="/signin/code">
        <input type="hidden" name="next" value={next} />
        <label htmlFor="email">Email</label><input id="email" name="email" type="email" required autoComplete="username" defaultValue={email} autoFocus />
        <div className="actions"><button type="submit" className="primary">Send the code</button></div>
      </form>
      <p><a href={`/signin?next=${encodeURIComponent(next)}`}>Sign in with your password</a></p>
    </div>
  );
}

function codeForm(next: string, email: string, error?: string, hint?: string | null): ReactNode {
  return (
    <div className="card signin">
      <h1>Enter the code</h1>
      {error ? <ErrorLine error={error} /> : <p>If an account uses {email}, a six-digit code is on its way. It works for 10 minutes and 3 attempts.</p>}
      {hint ? <p className="muted">{hint}</p> : null}
      <form method="post" action="/signin/code/verify">
        <input type="hidden" name="next" value={next} /><input type="hidden" name="email" value={email} />
        <label htmlFor="code">Code</label><input id="code" name="code" inputMode="numeric" pattern="[0-9 ]{6,8}" required autoComplete="one-time-code" autoFocus />
        <div className="actions"><button type="submit" className="primary">Sign in</button></div>
      </form>
    </div>
  );
}

function totpForm(next: string, pending: string, error?: string): ReactNode {
  return (
    <div className="card signin">
      <h1>Two-factor code</h1>
      {error ? <ErrorLine error={error} /> : <p>Enter the 6-digit code from your authenticator app.</p>}
      <form method="post" action="/signin">
        <input type="hidden" name="next" value={next} /><input type="hidden" name="pending" value={pending} />
        <label htmlFor="totp">Code</label><input id="totp" name="totp" inputMode="numeric" pattern="[0-9 ]{6,8}" required autoComplete="one-time-code" autoFocus />
        <div className="actions"><button type="submit" className="primary">Verify</button></div>
      </form>
    </div>
  );
}

export function registerSigninPages(app: FastifyInstance, deps: ApiDeps): void {
  const { config, pool, limiter } = deps;
  const secure = config.publicUrl.startsWith('https://');
  const codeSignIn = Boolean(config.emailDriver) && !config.hubUrl;
  const pwForm = (next: string, email: string, error?: string) => passwordForm(codeSignIn, next, email, error);
  const page = { config: { auth: 'none' as const } };

  const sqlNow = async (): Promise<number> => (await pool.query('select extract(epoch from app.now())::float8 as now')).rows[0].now;
  const pendingFor = (email: string, until: number) => {
    const body = Buffer.from(JSON.stringify([email, until])).toString('base64url');
    return `${body}.${hmac(config.authSecret, 'signin-pending:' + body).toString('base64url')}`;
  };
  const readPending = async (value: string): Promise<string | null> => {
    const [body, sig] = value.split('.');
    if (!body || !sig || !safeEqual(Buffer.from(sig), Buffer.from(hmac(config.authSecret, 'signin-pending:' + body).toString('base64url')))) return null;
    const [email, until] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, number]; // signed by us: well-formed
    return typeof email === 'string' && until >= (await sqlNow()) ? email : null;
  };

  app.get<{ Querystring: { next?: string } }>('/signin', page, async (req, reply) => {
    const next = safeNext(req.query.next);
    if (await pageIdentity(req, deps)) return reply.redirect(next, 303);
    return appPage(reply, 'Sign in', pwForm(next, ''), { description: SIGNIN_DESCRIPTION });
  });

  app.post<{ Body: SigninForm }>('/signin', { ...page, bodyLimit: 16 * 1024 }, async (req, reply) => {
    const f = req.body ?? {};
    const next = safeNext(f.next);
    if (!sameOrigin(req, config)) return appPage(reply, 'Sign in', pwForm(next, '', 'Sign in from this instance’s own page.'), { status: 403 });
    const totpStep = typeof f.pending === 'string';
    let email = '';
    try {
      email = totpStep ? ((await readPending(f.pending!)) ?? '') : String(f.email ?? '').trim();
      if (totpStep && !email) return appPage(reply, 'Sign in', pwForm(next, '', 'That took too long; sign in again.'), { status: 401 });
      if (!/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 320) throw new AppError('invalid_credentials', 'Wrong email or password');
      const normalized = await loginWall(limiter, pool, req, email);
      const info = (await pool.query('select app_private.password_login_info($1) as info', [email])).rows[0].info as LoginInfo | null;
      if (!totpStep) {
        decoyHash ??= argon2.hash('decoy-password-for-timing');
        const password = String(f.password ?? '');
        const ok = password.length > 0 && password.length <= 1000 && (await argon2.verify(info?.passwordHash ?? (await decoyHash), password).catch(() => false));
        if (!info || !info.passwordHash || !ok) throw new AppError('invalid_credentials', 'Wrong email or password');
        if (info.twoFactor) return appPage(reply, 'Two-factor code', totpForm(next, pendingFor(email, (await sqlNow()) + PENDING_SECONDS)));
      } else {
        const verdict = info ? await spendTotpCode(pool, config.authSecret, info, String(f.totp ?? '').replace(/\s/g, '')) : { ok: false as const, message: 'Wrong two-factor code' };
        if (!verdict.ok) return appPage(reply, 'Two-factor code', totpForm(next, f.pending!, verdict.message), { status: 401 });
      }
      const token = await createSession(pool, info!.userId);
      await loginSucceeded(limiter, pool, req, normalized, totpStep ? 2 : 1); // the TOTP step gives back the password step's attempt too
      setSessionCookie(reply, token, secure);
      return reply.redirect(next, 303);
    } catch (err) {
      const e = toAppError(err);
      if (e.status >= 500) throw err;
      if (e.code === 'rate_limited' && e.details.retryAfterSeconds) reply.header('retry-after', String(e.details.retryAfterSeconds));
      return appPage(reply, 'Sign in', pwForm(next, email, e.message), { status: e.status });
    }
  });

  // Emailed code: only where this instance can mail (else these pages do not exist).
  const codePages = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    if (!codeSignIn) return reply.status(404).send(new AppError('not_found', 'This instance does not mail sign-in codes').toJSON());
  };
  app.get<{ Querystring: { next?: string } }>('/signin/code', { ...page, preHandler: codePages }, async (req, reply) =>
    appPage(reply, 'Sign in', codeEmailForm(safeNext(req.query.next), ''), { description: SIGNIN_DESCRIPTION }),
  );

  app.post<{ Body: SigninForm }>('/signin/code', { ...page, bodyLimit: 16 * 1024, preHandler: codePages }, async (req, reply) => {
    const next = safeNext(req.body?.next);
    const email = String(req.body?.email ?? '').trim();
    if (!sameOrigin(req, config)) return appPage(reply, 'Sign in', codeEmailForm(next, '', 'Sign in from this instance’s own page.'), { status: 403 });
    if (!/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 320) return appPage(reply, 'Sign in', codeEmailForm(next, email, 'Enter a valid email address.'), { status: 400 });
    let normalized: string;
    try {
      normalized = await loginWall(limiter, pool, req, email);
    } catch (err) {
      return appPage(reply, 'Sign in', codeEmailForm(next, email, toAppError(err).message), { status: 429 });
    }
    const code = newLoginCode(config.authSecret, 'browser', normalized);
    await pool.query('select app_private.login_code_request($1, $2, $3, $4)', [email, 'browser', code.hash, code.sealed]);
    return appPage(reply, 'Enter the code', codeForm(next, email, undefined, outboxHint(config))); // the same answer whether or not the account exists
  });

  app.post<{ Body: SigninForm & { code?: string } }>('/signin/code/verify', { ...page, bodyLimit: 16 * 1024, preHandler: codePages }, async (req, reply) => {
    const next = safeNext(req.body?.next);
    const email = String(req.body?.email ?? '').trim();
    if (!sameOrigin(req, config)) return appPage(reply, 'Sign in', codeEmailForm(next, '', 'Sign in from this instance’s own page.'), { status: 403 });
    let normalized: string;
    try {
      normalized = await loginWall(limiter, pool, req, email);
    } catch (err) {
      return appPage(reply, 'Enter the code', codeForm(next, email, toAppError(err).message), { status: 429 });
    }
    const code = String(req.body?.code ?? '').replace(/\s/g, '');
    const { rows } = await pool.query('select app_private.login_code_for_session($1, $2) as r', [email, loginCodeHash(config.authSecret, 'browser', normalized, code)]);
    const r = rows[0].r as { error?: string; message?: string; userId?: string; twoFactor?: boolean };
    if (r.error) return appPage(reply, 'Enter the code', codeForm(next, email, r.message), { status: 401 });
    if (r.twoFactor) return appPage(reply, 'Two-factor code', totpForm(next, pendingFor(email, (await sqlNow()) + PENDING_SECONDS)));
    setSessionCookie(reply, await createSession(pool, r.userId!), secure);
    await loginSucceeded(limiter, pool, req, normalized, 2); // the code's request and its spending
    return reply.redirect(next, 303);
  });

  app.post('/signout', page, async (req, reply) => {
    // authenticate() in session mode refuses writes from another origin (csrf_refused).
    let identity = null;
    try {
      identity = await authenticate(req, pool, config, 'session', '/signout');
    } catch (err) {
      if (toAppError(err).code === 'csrf_refused') return appPage(reply, 'Sign out', <div className="card"><h1>Sign out from this instance’s own page</h1></div>, { status: 403 });
    }
    if (identity?.sessionId) await endSession(pool, identity.sessionId);
    clearSessionCookie(reply, secure);
    return reply.redirect('/signin', 303);
  });
}
