import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** GoTrue's TOTP parameters: RFC 6238 defaults, one step of clock skew either way. */
const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
const WINDOW = 1;

function totp(secret: Secret, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: ALGORITHM, digits: DIGITS, period: PERIOD, secret });
}

export interface NewTotp {
  /** Base32, unpadded: what authenticator apps accept when typed in. */
  secret: string;
  /** otpauth://totp/… URI, the QR code's content. */
  uri: string;
  /** The URI as a QR code, a standalone SVG document (supabase-js shows it as-is). */
  qrCode: string;
}

/** A fresh 160-bit TOTP secret with its provisioning URI and QR code. */
export async function newTotp(issuer: string, accountName: string): Promise<NewTotp> {
  const secret = new Secret({ size: 20 });
  const uri = totp(secret, issuer, accountName).toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: secret.base32, uri, qrCode };
}

/** Whether the code is the secret's current code, or the one a step before or after. */
export function checkTotp(secret: string, code: string): boolean {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  try {
    return totp(Secret.fromBase32(secret)).validate({ token, window: WINDOW }) !== null;
  } catch {
    return false;
  }
}
