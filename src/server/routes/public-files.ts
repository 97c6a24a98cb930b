/**
 * Files served without a token: stored media (content-addressed, so unguessable and immutable;
 * an <img> cannot send a bearer token) and the demo supplier feeds and images.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps';

export function mediaFileRoutes(_deps: AppDeps) {
  return new Hono();
}

export function demoFileRoutes(_deps: AppDeps) {
  return new Hono();
}
