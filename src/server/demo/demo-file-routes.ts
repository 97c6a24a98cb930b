/**
 * Serves the demo supplier feeds (/demo/feeds/<file>) and pictures (/demo/images/<n>.png) without a
 * token, as a supplier's web server would. Generated on first request and kept in memory.
 */
import { Hono } from 'hono';
import { demoFeed } from './demo-catalogue';
import { DEMO_IMAGE_COUNT, demoImagePng } from './demo-images';

export function demoFiles() {
  const feeds = new Map<string, { body: string; contentType: string }>();
  const images = new Map<number, Buffer>();
  return new Hono()
    .get('/demo/feeds/:file', (c) => {
      const file = c.req.param('file');
      let feed = feeds.get(file);
      if (!feed) {
        const generated = demoFeed(file);
        if (!generated) return c.json({ message: `There is no demo feed '${file}'` }, 404);
        feed = generated;
        feeds.set(file, feed);
      }
      c.header('Content-Type', feed.contentType);
      c.header('Cache-Control', 'no-cache');
      return c.body(feed.body);
    })
    .get('/demo/images/:name', (c) => {
      const match = /^(\d{1,4})\.png$/.exec(c.req.param('name'));
      const n = match ? Number(match[1]) : 0;
      if (n < 1 || n > DEMO_IMAGE_COUNT) return c.json({ message: `There is no demo image '${c.req.param('name')}'` }, 404);
      let png = images.get(n);
      if (!png) {
        png = demoImagePng(n);
        images.set(n, png);
      }
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      return c.body(new Uint8Array(png));
    });
}
