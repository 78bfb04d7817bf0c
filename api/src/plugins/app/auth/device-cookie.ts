import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CookieSecure } from '../../../config/env';
import { DEVICE_COOKIE, DEVICE_COOKIE_LIFETIME_S, DEVICE_COOKIE_PATH, DeviceCookies, type KnownDevice } from '../../../domain/auth/device-cookie';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device the request's device cookie names, if this server signed it (domain/auth/device-cookie.ts). */
    knownDeviceOf: (request: FastifyRequest) => KnownDevice | undefined;
    /** Gives the browser a new device cookie for `userId`, after a successful sign-in. */
    setDeviceCookie: (reply: FastifyReply, userId: string) => void;
  }
}

export interface DeviceCookieOptions {
  jwtSecret: string;
  /** Default `auto`, as the refresh cookie. */
  cookieSecure?: CookieSecure;
}

/**
 * The device cookie over HTTP: httpOnly (no script reads it), SameSite=Strict, sent back only to the
 * sign-in route, Secure as COOKIE_SECURE says (by default when the request came over HTTPS), kept a year.
 * After the authentication plugin, which registers the cookie parser.
 */
export default fp<DeviceCookieOptions>(
  async function deviceCookie(fastify, options) {
    const cookies = new DeviceCookies(options.jwtSecret);
    fastify.decorate('knownDeviceOf', (request: FastifyRequest) => cookies.read(request.cookies[DEVICE_COOKIE]));
    fastify.decorate('setDeviceCookie', (reply: FastifyReply, userId: string) => {
      reply.setCookie(DEVICE_COOKIE, cookies.issue(userId), {
        httpOnly: true,
        sameSite: 'strict',
        secure: options.cookieSecure ?? 'auto',
        path: DEVICE_COOKIE_PATH,
        maxAge: DEVICE_COOKIE_LIFETIME_S,
      });
    });
  },
  { name: 'device-cookie' },
);
