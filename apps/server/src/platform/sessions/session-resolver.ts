import { MESSAGES } from "@sams-web/domain/shared/messages";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import type { Auth } from "../../features/accounts/auth.ts";
import { AppError } from "../http/errors.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Resolves the signed-in user of a request once, however many handlers ask. */
export function createSessionResolver(auth: Auth) {
  const optionalUser = (request: FastifyRequest): Promise<SessionUser | null> => {
    let pending = cache.get(request);
    if (!pending) {
      pending = auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).then((session) =>
        session
          ? {
              id: session.user.id,
              email: session.user.email,
              name: session.user.name,
              emailVerified: session.user.emailVerified,
            }
          : null,
      );
      cache.set(request, pending);
    }
    return pending;
  };

  const requireUser = async (request: FastifyRequest): Promise<SessionUser> => {
    const user = await optionalUser(request);
    if (!user) throw new AppError("UNAUTHENTICATED", MESSAGES.noAuthenticatedUser);
    return user;
  };

  /** A route hook that refuses a request without a signed-in user before its body is validated. */
  const signedIn = async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
  };

  return { optionalUser, requireUser, signedIn };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
