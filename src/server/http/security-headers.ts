/** Security headers for every answer: a strict CSP with no inline script, nosniff, no framing. */
import { secureHeaders } from 'hono/secure-headers';

/**
 * The origin the product images come from besides this server: with `MEDIA_PUBLIC_URL` a request
 * for `/media/…` is redirected there (docs/media-store.md), and the page's images and the service
 * worker's fetch of them follow that redirect, which the CSP must allow. Null without one. The
 * configuration accepts only an absolute http(s) URL there (config.ts).
 */
export function mediaOriginOf(publicUrl: string | null): string | null {
  return publicUrl ? new URL(publicUrl).origin : null;
}

export function securityHeaders({ mediaOrigin = null }: { mediaOrigin?: string | null } = {}) {
  const media = mediaOrigin ? [mediaOrigin] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the app compile its own WebAssembly (the camera's barcode reader,
      // docs/product-list.md "Scanning with the camera"); it allows no eval of JavaScript.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Radix Themes sets style attributes at run time; styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...media],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...media],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
  });
}
