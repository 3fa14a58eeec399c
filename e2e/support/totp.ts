import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The code an authenticator app shows now for a base32 key (what a phone would show). */
export function currentTotp(secretBase32: string): Promise<string> {
  return createOTP(base32.decode(secretBase32.replace(/\s+/g, ''))).totp();
}

/** A 6-digit code no step near now accepts (the server allows one step either side). */
export async function wrongTotp(secretBase32: string): Promise<string> {
  const otp = createOTP(base32.decode(secretBase32.replace(/\s+/g, '')));
  const step = Math.floor(Date.now() / 30_000);
  const nearby = new Set(await Promise.all([-2, -1, 0, 1, 2].map((offset) => otp.hotp(step + offset))));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!nearby.has(code)) return code;
  }
}
