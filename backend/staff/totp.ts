import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/**
 * The second factor: a time-based one-time password (RFC 6238) from an authenticator app,
 * six digits a 30-second step, with one step of leeway either side for a phone's clock.
 */

const PERIOD_SECONDS = 30;

function totpOf(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step `code` is the code of, when it is the code for now or a step either side of
 * it; undefined when it is not. The step is what makes each code usable once (the store keeps
 * the last one taken).
 */
export function matchingCodeStep(secret: string, code: string, now = Date.now()): number | undefined {
  const digits = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(digits)) return undefined;
  const delta = totpOf(secret, "", "").validate({ token: digits, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** What an authenticator app scans: the otpauth:// address, and it drawn as an SVG QR code. */
export async function enrolmentOf(secret: string, issuer: string, email: string): Promise<{ uri: string; qrSvg: string }> {
  const uri = totpOf(secret, issuer, email).toString();
  return { uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}
