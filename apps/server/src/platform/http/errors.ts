import type { ErrorStatus } from "@sams-web/domain/callables";
import { ERROR_STATUS_HTTP } from "@sams-web/domain/callables";

/** An error meant for the person using the app: its message is shown as is. */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }

  get httpStatus(): number {
    return ERROR_STATUS_HTTP[this.status];
  }
}
