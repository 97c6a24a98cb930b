/** Access tokens: HS256 JWTs made and checked with jose. */
import { SignJWT, jwtVerify, errors } from 'jose';

export interface TokenClaims {
  userId: number;
  username: string;
}

export interface IssuedToken {
  accessToken: string;
  /** Expiry in milliseconds since the epoch, as the PWA stores it. */
  expiredAccessToken: number;
}

const ISSUER = 'bol-backoffice';

export class TokenService {
  private readonly key: Uint8Array;

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
    const accessToken = await new SignJWT({ name: claims.username })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { accessToken, expiredAccessToken: expiresAt * 1000 };
  }

  /** The token's claims, or null when it is forged, malformed or expired. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.name !== 'string') return null;
      return { userId, username: payload.name };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
