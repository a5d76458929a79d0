/** The exit code by which the server asks the supervisor to start it again (EX_TEMPFAIL). */
export const RESTART_EXIT_CODE = 75;
