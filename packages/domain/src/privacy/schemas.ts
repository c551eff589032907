import * as z from "zod";
import { PRIVACY_REQUEST_KINDS } from "./contracts.ts";

// The privacy requests' zod schemas, for the server.

/** A browser id is a random UUID made by the browser; anything else is refused. */
export const browserIdSchema = z.uuid();

export const createPrivacyRequestSchema = z.object({ kind: z.enum(PRIVACY_REQUEST_KINDS) });
