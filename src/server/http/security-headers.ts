/** Security headers for every answer: a strict CSP with no inline script, nosniff, no framing. */
import { secureHeaders } from 'hono/secure-headers';

export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the app compile its own WebAssembly (the camera's barcode reader,
      // docs/product-list.md "Scanning with the camera"); it allows no eval of JavaScript.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Radix Themes sets style attributes at run time; styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
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
