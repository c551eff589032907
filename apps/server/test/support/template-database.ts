/** The migrated database each test file clones its own from (made once per run by global-setup.ts). */
export const TEMPLATE_DATABASE = "sams_web_template";
