/**
 * Access tokens: HS256 JWTs made and checked with jose. A token names its user (`sub`), carries the
 * user's session version (`sv`) and must have an expiry (`exp`); whether the user still exists, is
 * active and still has that session version is checked against the database on every call
 * (require-token.ts; docs/security.md, "Sign-in and tokens").
 */
import { SignJWT, jwtVerify, errors } from 'jose';
import type { TokenClaims } from '../http/require-token';

export interface IssuedToken {
  accessToken: string;
  /** Expiry in milliseconds since the epoch, as the PWA stores it. */
  expiredAccessToken: number;
}

const ISSUER = 'bol-backoffice';
/** Verified tokens remembered (the signature check is most of a call's token cost; bench/load.ts). */
const VERIFIED_CACHE_SIZE = 1_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were verified, with their expiry (ms): a repeat of the same
   * token string skips the HMAC. Only verified tokens get in, the expiry is checked on every call,
   * and the database checks (user, active, session version) still run on every call.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly lifetimeSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: TokenClaims): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expiresAt = issuedAt + this.lifetimeSeconds;
    const accessToken = await new SignJWT({ name: claims.username, sv: claims.sessionVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { accessToken, expiredAccessToken: expiresAt * 1000 };
  }

  private remember(token: string, claims: TokenClaims, expiresAt: number): void {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, expiresAt });
  }

  /** The token's claims, or null when it is forged, malformed, expired or lacks a required claim. */
  async verify(token: string): Promise<TokenClaims | null> {
    const remembered = this.verified.get(token);
    if (remembered) {
      if (this.now() < remembered.expiresAt) return remembered.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const userId = Number(payload.sub);
      const sessionVersion = payload.sv;
      if (!Number.isSafeInteger(userId) || userId < 1 || typeof payload.name !== 'string') return null;
      if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion)) return null;
      const claims = { userId, username: payload.name, sessionVersion };
      if (typeof payload.exp === 'number' && typeof payload.iat === 'number' && payload.iat * 1000 <= this.now()) this.remember(token, claims, payload.exp * 1000);
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
