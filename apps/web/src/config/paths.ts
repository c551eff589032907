import { APP_PATHS } from "@sams-web/domain/shell/routes";

// Every route of the app, named once (in the domain, which the server reads too, to answer any
// other path with a 404): every link and route is built from here.
export const paths = APP_PATHS;
