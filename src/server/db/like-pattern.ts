/**
 * `%text%` for (I)LIKE, with the text's own wildcards (`%`, `_`, and the escape `\`) matched literally: the admin
 * searches look for what was typed (docs/decisions/022, 023).
 */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
