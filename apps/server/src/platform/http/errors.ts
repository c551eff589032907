import { ERROR_STATUS_HTTP, type ErrorStatus } from "@sams-web/domain/api/callables";
import { MESSAGES, type MessageCode } from "@sams-web/domain/shared/messages";

/**
 * An error meant for the person using the app. It answers `{status, code, message}`: the code is
 * the domain's message code, which the browser decides by; the message is that code's text unless
 * a more precise one is given (a schema's own words, the name of a route that does not exist).
 */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: MessageCode,
    message: string = MESSAGES[code],
  ) {
    super(message);
    this.name = "AppError";
  }

  get httpStatus(): number {
    return ERROR_STATUS_HTTP[this.status];
  }
}

/**
 * A request its schema refused: the first problem's message, with the code of the domain message
 * it is (schemas take their messages from the domain), else invalidRequest.
 */
export function invalidArgument(message: string | undefined): AppError {
  if (message === undefined) return new AppError("INVALID_ARGUMENT", "invalidRequest");
  return new AppError("INVALID_ARGUMENT", codeOfMessage(message) ?? "invalidRequest", message);
}

const CODE_OF_MESSAGE = new Map<string, MessageCode>(
  (Object.entries(MESSAGES) as [MessageCode, string][]).map(([code, text]) => [text, code]),
);

function codeOfMessage(message: string): MessageCode | undefined {
  return CODE_OF_MESSAGE.get(message);
}
