import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { expect } from 'vitest';
import { type TestApp, cookieFrom, sameOriginHeaders } from './test-app';

const PERIOD_SECONDS = 30;

/** The authenticator app's code now for a base32 secret (what a phone would show). */
export function currentTotp(secretBase32: string): Promise<string> {
  return createOTP(base32.decode(secretBase32)).totp();
}

/** A 6-digit code that no step near now accepts (the server allows one step either side). */
export async function wrongTotp(secretBase32: string): Promise<string> {
  const otp = createOTP(base32.decode(secretBase32));
  const step = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  const nearby = new Set(await Promise.all([-2, -1, 0, 1, 2].map((offset) => otp.hotp(step + offset))));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!nearby.has(code)) return code;
  }
}

export interface TwoFactorEnrolment {
  secret: string;
  recoveryCodes: string[];
  /** The session Better Auth opened after the confirmation (the old cookie no longer works). */
  headers: Record<string, string>;
}

/** Enables and confirms two-factor sign-in for the signed-in account; answers the secret, codes and new session. */
export async function enrolTwoFactor(
  t: TestApp,
  headers: Record<string, string>,
  password: string,
): Promise<TwoFactorEnrolment> {
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers });
  const started = await post('/api/auth/two-factor/enable', { password });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, recoveryCodes } = started.json() as { secret: string; recoveryCodes: string[] };
  const confirmed = await post('/api/auth/two-factor/confirm', { code: await currentTotp(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().user.twoFactorEnabled).toBe(true);
  return { secret, recoveryCodes, headers: sameOriginHeaders(cookieFrom(confirmed.headers['set-cookie'])) };
}
