import { ERROR_STATUS_HTTP, type ErrorStatus } from "@sams-web/domain/api/callables";

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
